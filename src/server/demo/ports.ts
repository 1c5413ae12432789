export type PortFacts = {
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

const port = (
  code: string,
  name: string,
  country_code: string,
  latitude: number,
  longitude: number,
  time_zone: string,
  state_abbr: string | null = null,
  inland = false,
): PortFacts => ({ code, name, city: name, state_abbr, country_code, latitude, longitude, time_zone, inland })

/** Real ports at their harbours, with IANA time zones: origins abroad, US discharge ports, and rail ramps. */
export const PORTS: PortFacts[] = [
  port('CNSHA', 'Shanghai', 'CN', 30.63, 122.07, 'Asia/Shanghai'),
  port('CNNGB', 'Ningbo', 'CN', 29.93, 121.87, 'Asia/Shanghai'),
  port('CNYTN', 'Yantian', 'CN', 22.57, 114.27, 'Asia/Shanghai'),
  port('CNQIN', 'Qingdao', 'CN', 36.02, 120.25, 'Asia/Shanghai'),
  port('HKHKG', 'Hong Kong', 'HK', 22.33, 114.12, 'Asia/Hong_Kong'),
  port('KRPUS', 'Busan', 'KR', 35.08, 129.05, 'Asia/Seoul'),
  port('TWKHH', 'Kaohsiung', 'TW', 22.57, 120.28, 'Asia/Taipei'),
  port('VNSGN', 'Ho Chi Minh City', 'VN', 10.58, 107.03, 'Asia/Ho_Chi_Minh'),
  port('SGSIN', 'Singapore', 'SG', 1.26, 103.82, 'Asia/Singapore'),
  port('JPTYO', 'Tokyo', 'JP', 35.6, 139.8, 'Asia/Tokyo'),
  port('NLRTM', 'Rotterdam', 'NL', 51.95, 4.05, 'Europe/Amsterdam'),
  port('BEANR', 'Antwerp', 'BE', 51.3, 4.3, 'Europe/Brussels'),
  port('DEHAM', 'Hamburg', 'DE', 53.53, 9.9, 'Europe/Berlin'),
  port('GBFXT', 'Felixstowe', 'GB', 51.95, 1.33, 'Europe/London'),
  port('ESVLC', 'Valencia', 'ES', 39.44, -0.31, 'Europe/Madrid'),
  port('ITGOA', 'Genoa', 'IT', 44.4, 8.91, 'Europe/Rome'),
  port('MAPTM', 'Tanger Med', 'MA', 35.89, -5.5, 'Africa/Casablanca'),
  port('BRSSZ', 'Santos', 'BR', -23.98, -46.3, 'America/Sao_Paulo'),
  port('PAMIT', 'Manzanillo', 'PA', 9.36, -79.88, 'America/Panama'),
  port('USLAX', 'Los Angeles', 'US', 33.73, -118.26, 'America/Los_Angeles', 'CA'),
  port('USLGB', 'Long Beach', 'US', 33.75, -118.21, 'America/Los_Angeles', 'CA'),
  port('USOAK', 'Oakland', 'US', 37.8, -122.32, 'America/Los_Angeles', 'CA'),
  port('USSEA', 'Seattle', 'US', 47.58, -122.36, 'America/Los_Angeles', 'WA'),
  port('USTIW', 'Tacoma', 'US', 47.27, -122.41, 'America/Los_Angeles', 'WA'),
  port('USNYC', 'New York / New Jersey', 'US', 40.67, -74.15, 'America/New_York', 'NY'),
  port('USSAV', 'Savannah', 'US', 32.12, -81.14, 'America/New_York', 'GA'),
  port('USORF', 'Norfolk', 'US', 36.9, -76.33, 'America/New_York', 'VA'),
  port('USBAL', 'Baltimore', 'US', 39.25, -76.55, 'America/New_York', 'MD'),
  port('USBOS', 'Boston', 'US', 42.34, -71.03, 'America/New_York', 'MA'),
  port('USPHL', 'Philadelphia', 'US', 39.9, -75.14, 'America/New_York', 'PA'),
  port('USJAX', 'Jacksonville', 'US', 30.4, -81.55, 'America/New_York', 'FL'),
  port('USMIA', 'Miami', 'US', 25.77, -80.16, 'America/New_York', 'FL'),
  port('USPEF', 'Port Everglades', 'US', 26.09, -80.12, 'America/New_York', 'FL'),
  port('USPOT', 'Tampa', 'US', 27.91, -82.43, 'America/New_York', 'FL'),
  port('USHOU', 'Houston', 'US', 29.6, -95.0, 'America/Chicago', 'TX'),
  port('USMSY', 'New Orleans', 'US', 29.92, -90.06, 'America/Chicago', 'LA'),
  port('USMOB', 'Mobile', 'US', 30.67, -88.04, 'America/Chicago', 'AL'),
  port('USCHI', 'Chicago', 'US', 41.75, -87.65, 'America/Chicago', 'IL', true),
  port('USMEM', 'Memphis', 'US', 35.07, -90.03, 'America/Chicago', 'TN', true),
  port('USDAL', 'Dallas', 'US', 32.73, -96.85, 'America/Chicago', 'TX', true),
  port('USKCK', 'Kansas City', 'US', 39.1, -94.63, 'America/Chicago', 'KS', true),
  port('USCMH', 'Columbus', 'US', 39.88, -82.93, 'America/New_York', 'OH', true),
  port('USDET', 'Detroit', 'US', 42.33, -83.1, 'America/Detroit', 'MI', true),
]
