type Support = 'Yes' | 'Partial' | 'On roadmap'

export type ShippingLineFacts = {
  scac: string
  name: string
  short_name: string
  bill_of_lading_prefix: string | null
  support: Support
  notes: string | null
}

const line = (
  scac: string,
  name: string,
  short_name: string,
  bill_of_lading_prefix: string | null,
  support: Support,
  notes: string | null,
): ShippingLineFacts => ({ scac, name, short_name, bill_of_lading_prefix, support, notes })

/** In Terminal49's order (some SCACs appear twice). */
export const SHIPPING_LINES: ShippingLineFacts[] = [
  line('APLU', 'American President Lines', 'APL', 'APLU', 'Yes', null),
  line('ANNU', 'Australia National Line', 'ANL', 'ANLC', 'Yes', null),
  line('COSU', 'China Ocean Shipping Company', 'COSCO', 'CCMJ', 'Yes', null),
  line('CMDU', 'CMA CGM', 'CMA CGM', 'CMDU', 'Yes', null),
  line('EGLV', 'Evergreen', 'Evergreen', 'EISU', 'Yes', null),
  line('SUDU', 'Hamburg Sud', 'Hamburg Sud', 'SUDU', 'Yes', null),
  line('HLCU', 'Hapag-Lloyd', 'Hapag-Lloyd', 'HLCU', 'Yes', null),
  line('HDMU', 'Hyundai Merchant Marine', 'Hyundai', 'HDMU', 'Partial', 'No container numbers'),
  line('MAEU', 'Maersk', 'Maersk', 'MAEU', 'Yes', null),
  line('MATS', 'Matson Navigation Company', 'Matson', 'MATS', 'Yes', null),
  line('MSCU', 'Mediterranean Shipping Company', 'MSC', 'MEDU', 'Yes', null),
  line('ONEY', 'Ocean Network Express', 'ONE', 'ONEY', 'Yes', null),
  line('OOLU', 'Orient Overseas Container Line', 'OOCL', 'OOLU', 'Yes', null),
  line('PCIU', 'Pacific International Lines', 'PIL', 'PABV', 'Yes', null),
  line('SAFM', 'Safmarine Container Line', 'Safmarine', 'SAFM', 'Yes', null),
  line('SEAL', 'SeaLand', 'SeaLand', 'SEAU', 'Yes', null),
  line('YMLU', 'Yangming Marine Transport', 'Yangming', 'YMLU', 'Yes', null),
  line('WHLC', 'Wan Hai Lines', 'Wan Hai', 'WHLC', 'Yes', null),
  line('MATS', 'Matson', 'Matson', null, 'On roadmap', null),
  line('ZIMU', 'Zim', 'Zim', 'ZIMU', 'Yes', null),
  line('CLAM', 'Seaboard Marine', 'Seaboard', null, 'On roadmap', null),
  line('CLAM', 'Crowley', 'Crowley', null, 'On roadmap', null),
]

export const CARRIERS = SHIPPING_LINES.filter(
  (row, index) => SHIPPING_LINES.findIndex((other) => other.scac === row.scac) === index,
).map(({ scac, name, short_name, bill_of_lading_prefix, support }) => ({
  scac,
  name,
  short_name,
  bill_of_lading_prefix,
  supported: support === 'Yes',
}))
