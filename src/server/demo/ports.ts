export type PortFacts = {
  /** UN/LOCODE */
  code: string
  name: string
  city: string
  state_abbr: string | null
  country_code: string
  latitude: number
  longitude: number
  time_zone: string
  inland?: boolean
}

type Place = Pick<PortFacts, 'code' | 'name' | 'city' | 'country_code' | 'time_zone'>

const seaport = (place: Place, latitude: number, longitude: number, state_abbr: string | null = null) =>
  ({ ...place, state_abbr, latitude, longitude }) satisfies PortFacts

const railRamp = (place: Place, latitude: number, longitude: number, state_abbr: string) =>
  ({ ...place, state_abbr, latitude, longitude, inland: true }) satisfies PortFacts

const place = (code: string, name: string, city: string, country_code: string, time_zone: string): Place => ({
  code,
  name,
  city,
  country_code,
  time_zone,
})

const us = (code: string, name: string, city: string, time_zone: string) =>
  place(code, name, city, 'US', time_zone)

const EAST = 'America/New_York'
const CENTRAL = 'America/Chicago'
const PACIFIC = 'America/Los_Angeles'

export const PORTS: PortFacts[] = [
  seaport(place('CNSHA', 'Shanghai', 'Shanghai', 'CN', 'Asia/Shanghai'), 30.63, 122.07),
  seaport(place('CNNGB', 'Ningbo', 'Ningbo', 'CN', 'Asia/Shanghai'), 29.93, 121.87),
  seaport(place('CNYTN', 'Yantian', 'Shenzhen', 'CN', 'Asia/Shanghai'), 22.57, 114.27),
  seaport(place('CNQIN', 'Qingdao', 'Qingdao', 'CN', 'Asia/Shanghai'), 36.0, 120.22),
  seaport(place('HKHKG', 'Hong Kong', 'Hong Kong', 'HK', 'Asia/Hong_Kong'), 22.33, 114.12),
  seaport(place('KRPUS', 'Busan', 'Busan', 'KR', 'Asia/Seoul'), 35.08, 129.05),
  seaport(place('TWKHH', 'Kaohsiung', 'Kaohsiung', 'TW', 'Asia/Taipei'), 22.57, 120.3),
  seaport(place('VNSGN', 'Ho Chi Minh City', 'Ho Chi Minh City', 'VN', 'Asia/Ho_Chi_Minh'), 10.58, 107.03),
  seaport(place('SGSIN', 'Singapore', 'Singapore', 'SG', 'Asia/Singapore'), 1.26, 103.83),
  seaport(place('JPTYO', 'Tokyo', 'Tokyo', 'JP', 'Asia/Tokyo'), 35.6, 139.8),
  seaport(place('NLRTM', 'Rotterdam', 'Rotterdam', 'NL', 'Europe/Amsterdam'), 51.95, 4.05),
  seaport(place('BEANR', 'Antwerp', 'Antwerp', 'BE', 'Europe/Brussels'), 51.3, 4.3),
  seaport(place('DEHAM', 'Hamburg', 'Hamburg', 'DE', 'Europe/Berlin'), 53.53, 9.9),
  seaport(place('GBFXT', 'Felixstowe', 'Felixstowe', 'GB', 'Europe/London'), 51.95, 1.33),
  seaport(place('ESVLC', 'Valencia', 'Valencia', 'ES', 'Europe/Madrid'), 39.44, -0.31),
  seaport(place('ITGOA', 'Genoa', 'Genoa', 'IT', 'Europe/Rome'), 44.4, 8.91),
  seaport(place('MAPTM', 'Tanger Med', 'Tangier', 'MA', 'Africa/Casablanca'), 35.89, -5.5),
  seaport(place('BRSSZ', 'Santos', 'Santos', 'BR', 'America/Sao_Paulo'), -23.98, -46.3),
  seaport(place('PAMIT', 'Manzanillo', 'Colón', 'PA', 'America/Panama'), 9.36, -79.88),
  seaport(us('USLAX', 'Los Angeles', 'Los Angeles', PACIFIC), 33.73, -118.26, 'CA'),
  seaport(us('USLGB', 'Long Beach', 'Long Beach', PACIFIC), 33.75, -118.21, 'CA'),
  seaport(us('USOAK', 'Oakland', 'Oakland', PACIFIC), 37.8, -122.32, 'CA'),
  seaport(us('USSEA', 'Seattle', 'Seattle', PACIFIC), 47.59, -122.36, 'WA'),
  seaport(us('USTIW', 'Tacoma', 'Tacoma', PACIFIC), 47.27, -122.41, 'WA'),
  seaport(us('USNYC', 'New York / New Jersey', 'New York', EAST), 40.67, -74.15, 'NY'),
  seaport(us('USSAV', 'Savannah', 'Savannah', EAST), 32.12, -81.14, 'GA'),
  seaport(us('USORF', 'Virginia', 'Norfolk', EAST), 36.9, -76.33, 'VA'),
  seaport(us('USBAL', 'Baltimore', 'Baltimore', EAST), 39.25, -76.55, 'MD'),
  seaport(us('USBOS', 'Boston', 'Boston', EAST), 42.34, -71.03, 'MA'),
  seaport(us('USPHL', 'PhilaPort', 'Philadelphia', EAST), 39.9, -75.14, 'PA'),
  seaport(us('USJAX', 'JAXPORT', 'Jacksonville', EAST), 30.4, -81.55, 'FL'),
  seaport(us('USMIA', 'Miami Seaport', 'Miami', EAST), 25.77, -80.16, 'FL'),
  seaport(us('USPEF', 'Port Everglades', 'Fort Lauderdale', EAST), 26.09, -80.12, 'FL'),
  seaport(us('USPOT', 'Port Tampa Bay', 'Tampa', EAST), 27.91, -82.43, 'FL'),
  seaport(us('USHOU', 'Houston', 'Houston', CENTRAL), 29.6, -95.0, 'TX'),
  seaport(us('USMSY', 'New Orleans', 'New Orleans', CENTRAL), 29.92, -90.06, 'LA'),
  seaport(us('USMOB', 'Mobile', 'Mobile', CENTRAL), 30.67, -88.04, 'AL'),
  railRamp(us('USCHI', 'Chicago', 'Chicago', CENTRAL), 41.75, -87.65, 'IL'),
  railRamp(us('USMEM', 'Memphis', 'Memphis', CENTRAL), 35.07, -90.03, 'TN'),
  railRamp(us('USDAL', 'Dallas', 'Dallas', CENTRAL), 32.73, -96.85, 'TX'),
  railRamp(us('USKCK', 'Kansas City', 'Kansas City', CENTRAL), 39.1, -94.63, 'KS'),
  railRamp(us('USCMH', 'Columbus', 'Columbus', EAST), 39.88, -82.93, 'OH'),
  railRamp(us('USDET', 'Detroit', 'Detroit', 'America/Detroit'), 42.33, -83.1, 'MI'),
  // added after the first ports so that their ids stay as they were
  seaport(place('THLCH', 'Laem Chabang', 'Si Racha', 'TH', 'Asia/Bangkok'), 13.08, 100.88),
  seaport(place('MYPKG', 'Port Klang', 'Klang', 'MY', 'Asia/Kuala_Lumpur'), 2.95, 101.28),
  seaport(place('LKCMB', 'Colombo', 'Colombo', 'LK', 'Asia/Colombo'), 6.95, 79.84),
  seaport(place('INNSA', 'Nhava Sheva', 'Navi Mumbai', 'IN', 'Asia/Kolkata'), 18.95, 72.95),
  seaport(place('AEJEA', 'Jebel Ali', 'Dubai', 'AE', 'Asia/Dubai'), 25.01, 55.06),
  seaport(place('EGPSD', 'Port Said', 'Port Said', 'EG', 'Africa/Cairo'), 31.25, 32.31),
  seaport(place('FRLEH', 'Le Havre', 'Le Havre', 'FR', 'Europe/Paris'), 49.47, 0.15),
  seaport(place('GRPIR', 'Piraeus', 'Piraeus', 'GR', 'Europe/Athens'), 37.94, 23.6),
  seaport(place('PABLB', 'Balboa', 'Panama City', 'PA', 'America/Panama'), 8.95, -79.57),
  seaport(place('MXZLO', 'Manzanillo', 'Manzanillo', 'MX', 'America/Mexico_City'), 19.06, -104.3),
  seaport(place('CAVAN', 'Vancouver', 'Vancouver', 'CA', 'America/Vancouver'), 49.29, -123.1, 'BC'),
  seaport(us('USCHS', 'Charleston', 'Charleston', EAST), 32.79, -79.92, 'SC'),
  railRamp(us('USATL', 'Atlanta', 'Atlanta', EAST), 33.75, -84.39, 'GA'),
]

const BY_LOCODE = new Map(PORTS.map((p) => [p.code, p]))

export const portByLocode = (locode: string) => BY_LOCODE.get(locode.toUpperCase())
