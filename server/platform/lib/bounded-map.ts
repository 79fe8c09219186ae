// A Map used as a bounded cache: entries in insertion order, the oldest dropped first once it is full.

/** Sets `key` as the newest entry of `map`, first dropping the oldest one when `map` holds `capacity` entries. */
export function setNewest<K, V>(map: Map<K, V>, key: K, value: V, capacity: number): void {
  map.delete(key);
  // Map iterates in insertion order: the first key is the oldest.
  if (map.size >= capacity) map.delete(map.keys().next().value!);
  map.set(key, value);
}
