/**
 * Whether a waiting delivery's next attempt is still ahead ("next at …") or already due: its time has passed
 * and it waits to be sent (its endpoint is failing and is probed with one delivery at a time, or the senders
 * are busy). "next at 03:03:10", read minutes after 03:03:10, said something untrue. Without a clock (the
 * server render) it is ahead, as the time was when the page was asked for.
 */
export const nextAttemptState = (nextAttemptAt: string, now: number | null): 'ahead' | 'due' =>
  now === null || new Date(nextAttemptAt).getTime() > now ? 'ahead' : 'due';
