// Time zones as the Admin pages name them. Browsers (ICU, and so Intl) still answer with the zone names of
// older tz releases for a few zones ("Asia/Calcutta" for an Admin in Kolkata, "Europe/Kiev"); the pages use
// the name the IANA database gives the zone today, which is what an Admin knows and what a server accepts.
// The names of Intl.supportedValuesOf('timeZone') that IANA has since renamed (its file `backward`):
const RENAMED_ZONES: Record<string, string> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Coral_Harbour': 'America/Atikokan',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
  // UTC under its other names.
  'Etc/UTC': 'UTC',
  'Etc/UCT': 'UTC',
  'Etc/Universal': 'UTC',
  'Etc/Zulu': 'UTC',
  'Etc/GMT': 'UTC',
  GMT: 'UTC',
};

/** The zone's current IANA name: "Asia/Kolkata" for "Asia/Calcutta"; any other name as it is. */
export const canonicalTimeZone = (zone: string): string => RENAMED_ZONES[zone] ?? zone;

/** What a list of times says about its zone: the hover adds nothing where the zone is UTC itself. */
export const timesInZoneNote = (zone: string): string =>
  zone === 'UTC' ? 'Times in UTC.' : `Times in ${zone}; hover a time for UTC.`;
