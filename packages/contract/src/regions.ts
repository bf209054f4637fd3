/**
 * Country/region codes (ISO 3166-1 alpha-2) and time zones offered for accounts. Display
 * names come from `Intl.DisplayNames` in the console, so both languages stay complete.
 */
export const COUNTRY_CODES = (
  'AD AE AF AG AL AM AO AR AT AU AZ BA BB BD BE BF BG BH BI BJ BN BO BR BS BT BW BY BZ CA CD CF CG CH CI CL CM CN CO CR CU CV CY CZ ' +
  'DE DJ DK DM DO DZ EC EE EG ER ES ET FI FJ FM FR GA GB GD GE GH GM GN GQ GR GT GW GY HK HN HR HT HU ID IE IL IN IQ IR IS IT JM JO JP ' +
  'KE KG KH KI KM KN KP KR KW KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MG MH MK ML MM MN MO MR MT MU MV MW MX MY MZ NA NE NG NI NL ' +
  'NO NP NR NZ OM PA PE PG PH PK PL PS PT PW PY QA RO RS RU RW SA SB SC SD SE SG SI SK SL SM SN SO SR SS ST SV SY SZ TD TG TH TJ TL TM TN ' +
  'TO TR TT TV TW TZ UA UG US UY UZ VA VC VE VN VU WS YE ZA ZM ZW'
).split(' ');

export const TIME_ZONES = [
  'Pacific/Midway', 'Pacific/Honolulu', 'America/Anchorage', 'America/Los_Angeles', 'America/Tijuana', 'America/Phoenix',
  'America/Denver', 'America/Chihuahua', 'America/Chicago', 'America/Mexico_City', 'America/Regina', 'America/Guatemala',
  'America/New_York', 'America/Indiana/Indianapolis', 'America/Bogota', 'America/Lima', 'America/Caracas', 'America/Halifax',
  'America/La_Paz', 'America/Santiago', 'America/St_Johns', 'America/Sao_Paulo', 'America/Argentina/Buenos_Aires',
  'America/Montevideo', 'America/Godthab', 'Atlantic/South_Georgia', 'Atlantic/Azores', 'Atlantic/Cape_Verde',
  'Africa/Casablanca', 'Africa/Monrovia', 'Europe/London', 'Europe/Dublin', 'Europe/Lisbon', 'UTC', 'Europe/Amsterdam',
  'Europe/Belgrade', 'Europe/Berlin', 'Europe/Brussels', 'Europe/Budapest', 'Europe/Copenhagen', 'Europe/Madrid',
  'Europe/Paris', 'Europe/Prague', 'Europe/Rome', 'Europe/Stockholm', 'Europe/Vienna', 'Europe/Warsaw', 'Europe/Zurich',
  'Africa/Lagos', 'Africa/Algiers', 'Europe/Athens', 'Europe/Bucharest', 'Africa/Cairo', 'Africa/Harare',
  'Africa/Johannesburg', 'Europe/Helsinki', 'Europe/Kiev', 'Europe/Riga', 'Europe/Sofia', 'Europe/Tallinn',
  'Europe/Vilnius', 'Asia/Jerusalem', 'Asia/Beirut', 'Asia/Amman', 'Europe/Istanbul', 'Asia/Baghdad', 'Asia/Kuwait',
  'Asia/Riyadh', 'Africa/Nairobi', 'Europe/Minsk', 'Europe/Moscow', 'Asia/Tehran', 'Asia/Dubai', 'Asia/Muscat',
  'Asia/Baku', 'Asia/Tbilisi', 'Asia/Yerevan', 'Asia/Kabul', 'Asia/Yekaterinburg', 'Asia/Karachi', 'Asia/Tashkent',
  'Asia/Kolkata', 'Asia/Colombo', 'Asia/Kathmandu', 'Asia/Almaty', 'Asia/Dhaka', 'Asia/Novosibirsk', 'Asia/Yangon',
  'Asia/Bangkok', 'Asia/Ho_Chi_Minh', 'Asia/Jakarta', 'Asia/Krasnoyarsk', 'Asia/Shanghai', 'Asia/Hong_Kong',
  'Asia/Macau', 'Asia/Taipei', 'Asia/Singapore', 'Asia/Kuala_Lumpur', 'Asia/Manila', 'Australia/Perth',
  'Asia/Irkutsk', 'Asia/Ulaanbaatar', 'Asia/Tokyo', 'Asia/Seoul', 'Asia/Yakutsk', 'Australia/Adelaide',
  'Australia/Darwin', 'Australia/Brisbane', 'Australia/Sydney', 'Australia/Melbourne', 'Australia/Hobart',
  'Pacific/Guam', 'Pacific/Port_Moresby', 'Asia/Vladivostok', 'Asia/Magadan', 'Pacific/Noumea', 'Pacific/Guadalcanal',
  'Pacific/Auckland', 'Pacific/Fiji', 'Asia/Kamchatka', 'Pacific/Tongatapu', 'Pacific/Apia', 'Pacific/Kiritimati',
  'America/Panama', 'America/Havana', 'America/Santo_Domingo', 'America/Asuncion', 'Africa/Accra', 'Africa/Addis_Ababa',
  'Africa/Khartoum', 'Asia/Qatar', 'Asia/Bahrain', 'Asia/Phnom_Penh', 'Asia/Vientiane', 'Asia/Brunei',
] as const;
