/** Carriers from the reference list of shipping lines (SCAC, bill-of-lading prefix). */
export const CARRIERS = [
  {
    scac: 'APLU',
    name: 'American President Lines',
    short_name: 'APL',
    bill_of_lading_prefix: 'APLU',
    supported: true,
  },
  {
    scac: 'ANNU',
    name: 'Australia National Line',
    short_name: 'ANL',
    bill_of_lading_prefix: 'ANLC',
    supported: true,
  },
  {
    scac: 'COSU',
    name: 'China Ocean Shipping Company',
    short_name: 'COSCO',
    bill_of_lading_prefix: 'CCMJ',
    supported: true,
  },
  { scac: 'CMDU', name: 'CMA CGM', short_name: 'CMA CGM', bill_of_lading_prefix: 'CMDU', supported: true },
  {
    scac: 'EGLV',
    name: 'Evergreen',
    short_name: 'Evergreen',
    bill_of_lading_prefix: 'EISU',
    supported: true,
  },
  {
    scac: 'SUDU',
    name: 'Hamburg Sud',
    short_name: 'Hamburg Sud',
    bill_of_lading_prefix: 'SUDU',
    supported: true,
  },
  {
    scac: 'HLCU',
    name: 'Hapag-Lloyd',
    short_name: 'Hapag-Lloyd',
    bill_of_lading_prefix: 'HLCU',
    supported: true,
  },
  {
    scac: 'HDMU',
    name: 'Hyundai Merchant Marine',
    short_name: 'Hyundai',
    bill_of_lading_prefix: 'HDMU',
    supported: false,
  },
  { scac: 'MAEU', name: 'Maersk', short_name: 'Maersk', bill_of_lading_prefix: 'MAEU', supported: true },
  {
    scac: 'MATS',
    name: 'Matson Navigation Company',
    short_name: 'Matson',
    bill_of_lading_prefix: 'MATS',
    supported: true,
  },
  {
    scac: 'MSCU',
    name: 'Mediterranean Shipping Company',
    short_name: 'MSC',
    bill_of_lading_prefix: 'MEDU',
    supported: true,
  },
  {
    scac: 'ONEY',
    name: 'Ocean Network Express',
    short_name: 'ONE',
    bill_of_lading_prefix: 'ONEY',
    supported: true,
  },
  {
    scac: 'OOLU',
    name: 'Orient Overseas Container Line',
    short_name: 'OOCL',
    bill_of_lading_prefix: 'OOLU',
    supported: true,
  },
  {
    scac: 'PCIU',
    name: 'Pacific International Lines',
    short_name: 'PIL',
    bill_of_lading_prefix: 'PABV',
    supported: true,
  },
  {
    scac: 'SAFM',
    name: 'Safmarine Container Line',
    short_name: 'Safmarine',
    bill_of_lading_prefix: 'SAFM',
    supported: true,
  },
  { scac: 'SEAL', name: 'SeaLand', short_name: 'SeaLand', bill_of_lading_prefix: 'SEAU', supported: true },
  {
    scac: 'YMLU',
    name: 'Yangming Marine Transport',
    short_name: 'Yangming',
    bill_of_lading_prefix: 'YMLU',
    supported: true,
  },
  {
    scac: 'WHLC',
    name: 'Wan Hai Lines',
    short_name: 'Wan Hai',
    bill_of_lading_prefix: 'WHLC',
    supported: true,
  },
  { scac: 'ZIMU', name: 'Zim', short_name: 'Zim', bill_of_lading_prefix: 'ZIMU', supported: true },
  {
    scac: 'CLAM',
    name: 'Seaboard Marine',
    short_name: 'Seaboard',
    bill_of_lading_prefix: null,
    supported: false,
  },
] as const satisfies readonly {
  scac: string
  name: string
  short_name: string
  bill_of_lading_prefix: string | null
  supported: boolean
}[]
