import { InitiativeKey } from '../../../src/service/types';

/**
 * Word lists the population is built from. Names are stems of two plain English words plus a sector
 * word and a legal suffix ("Brightwater Logistics Ltd"); websites live under the reserved `.example`
 * top-level domain, so nothing here can be mistaken for a real company or a real site.
 */

export const NAME_HEADS = [
  'Bright',
  'Silver',
  'North',
  'Oak',
  'Stone',
  'Maple',
  'River',
  'Iron',
  'Cedar',
  'Amber',
  'Blue',
  'Green',
  'Red',
  'High',
  'Clear',
  'Golden',
  'Swift',
  'Fair',
  'Kestrel',
  'Harbor',
  'West',
  'East',
  'South',
  'Copper',
  'Willow',
  'Elm',
  'Ash',
  'Birch',
  'Pine',
  'Fern',
  'Hazel',
  'Heather',
  'Lark',
  'Wren',
  'Falcon',
  'Otter',
  'Fox',
  'Raven',
  'Sun',
  'Moon',
  'Star',
  'Frost',
  'Storm',
  'Cloud',
  'Rain',
  'Snow',
  'Glen',
  'Meadow',
] as const;

export const NAME_TAILS = [
  'water',
  'field',
  'brook',
  'gate',
  'ridge',
  'wood',
  'stone',
  'vale',
  'crest',
  'haven',
  'point',
  'line',
  'bridge',
  'ford',
  'mere',
  'wick',
  'moor',
  'ley',
  'hill',
  'bay',
  'port',
  'dale',
  'well',
  'row',
  'mark',
  'shore',
  'fall',
  'light',
  'wind',
  'spring',
] as const;

export interface IndustrySpec {
  name: string;
  /** Words that end a company name in this industry ("Logistics" in "Brightwater Logistics Ltd"). */
  words: readonly string[];
  /** How this industry's scores lean, added to the organization's draw (-0.15 .. +0.15). */
  bias: number;
  /** Initiatives only organizations of this industry join (beyond the ones anyone may join). */
  sectorInitiatives?: readonly InitiativeKey[];
}

export const INDUSTRY_SPECS: readonly IndustrySpec[] = [
  { name: 'Logistics & Freight', words: ['Logistics', 'Freight', 'Haulage'], bias: -0.05 },
  { name: 'Food Production', words: ['Foods', 'Farms', 'Provisions'], bias: 0, sectorInitiatives: ['rspo'] },
  {
    name: 'Textiles & Apparel',
    words: ['Textiles', 'Apparel', 'Garments'],
    bias: -0.04,
    sectorInitiatives: ['responsible_labor_initiative'],
  },
  { name: 'Chemicals', words: ['Chemicals', 'Polymers'], bias: -0.08, sectorInitiatives: ['climate_action_100'] },
  { name: 'Software & IT Services', words: ['Software', 'Digital', 'Systems'], bias: 0.12 },
  { name: 'Construction', words: ['Construction', 'Builders'], bias: -0.06 },
  {
    name: 'Automotive Parts',
    words: ['Automotive', 'Motors'],
    bias: -0.02,
    sectorInitiatives: ['responsible_minerals_initiative', 'climate_action_100'],
  },
  { name: 'Retail', words: ['Retail', 'Stores', 'Trading'], bias: 0.02, sectorInitiatives: ['rspo'] },
  { name: 'Banking', words: ['Bank', 'Capital', 'Finance'], bias: 0.06, sectorInitiatives: ['pri'] },
  { name: 'Insurance', words: ['Insurance', 'Assurance', 'Mutual'], bias: 0.05, sectorInitiatives: ['pri'] },
  { name: 'Pharmaceuticals', words: ['Pharma', 'Therapeutics', 'Biosciences'], bias: 0.04 },
  {
    name: 'Medical Devices',
    words: ['Medical', 'Diagnostics'],
    bias: 0.03,
    sectorInitiatives: ['responsible_business_alliance'],
  },
  {
    name: 'Mining',
    words: ['Mining', 'Minerals', 'Resources'],
    bias: -0.12,
    sectorInitiatives: ['responsible_minerals_initiative', 'climate_action_100'],
  },
  { name: 'Oil & Gas', words: ['Petroleum', 'Oil', 'Gas'], bias: -0.15, sectorInitiatives: ['climate_action_100'] },
  { name: 'Electric Utilities', words: ['Power', 'Electric'], bias: -0.03, sectorInitiatives: ['climate_action_100'] },
  { name: 'Renewable Energy', words: ['Renewables', 'Solar', 'Wind Energy'], bias: 0.15 },
  { name: 'Telecommunications', words: ['Telecom', 'Networks'], bias: 0.05 },
  { name: 'Hospitality', words: ['Hotels', 'Hospitality'], bias: -0.01 },
  { name: 'Airlines', words: ['Airways', 'Aviation'], bias: -0.13, sectorInitiatives: ['climate_action_100'] },
  { name: 'Shipping', words: ['Shipping', 'Maritime'], bias: -0.1 },
  { name: 'Agriculture', words: ['Agri', 'Growers'], bias: -0.05, sectorInitiatives: ['rspo'] },
  { name: 'Beverages', words: ['Beverages', 'Brewing', 'Drinks'], bias: 0.01, sectorInitiatives: ['rspo'] },
  { name: 'Packaging', words: ['Packaging', 'Containers'], bias: -0.03 },
  { name: 'Paper & Forestry', words: ['Paper', 'Timber', 'Forest Products'], bias: -0.02 },
  {
    name: 'Steel & Metals',
    words: ['Steel', 'Metals', 'Alloys'],
    bias: -0.11,
    sectorInitiatives: ['climate_action_100', 'responsible_minerals_initiative'],
  },
  {
    name: 'Electronics',
    words: ['Electronics', 'Devices'],
    bias: 0.02,
    sectorInitiatives: [
      'responsible_business_alliance',
      'responsible_minerals_initiative',
      'responsible_labor_initiative',
    ],
  },
  {
    name: 'Semiconductors',
    words: ['Semiconductors', 'Microsystems'],
    bias: 0.03,
    sectorInitiatives: ['responsible_business_alliance', 'responsible_minerals_initiative'],
  },
  { name: 'Real Estate', words: ['Properties', 'Estates'], bias: 0.01, sectorInitiatives: ['pri'] },
  { name: 'Professional Services', words: ['Consulting', 'Advisory', 'Partners'], bias: 0.09 },
  { name: 'Advertising & Media', words: ['Media', 'Studios'], bias: 0.07 },
  { name: 'Education', words: ['Learning', 'Academy'], bias: 0.06 },
  { name: 'Healthcare Providers', words: ['Health', 'Care'], bias: 0.02 },
  {
    name: 'Consumer Goods',
    words: ['Brands', 'Home Products'],
    bias: 0.03,
    sectorInitiatives: ['rspo', 'responsible_business_alliance'],
  },
  { name: 'Furniture', words: ['Furniture', 'Interiors'], bias: -0.01 },
  {
    name: 'Cement & Building Materials',
    words: ['Cement', 'Aggregates'],
    bias: -0.14,
    sectorInitiatives: ['climate_action_100'],
  },
  { name: 'Waste Management', words: ['Recycling', 'Waste Services'], bias: 0.04 },
  { name: 'Water Utilities', words: ['Water Services', 'Utilities'], bias: 0.02 },
  {
    name: 'Aerospace & Defence',
    words: ['Aerospace', 'Defence'],
    bias: -0.04,
    sectorInitiatives: ['responsible_minerals_initiative'],
  },
  { name: 'Industrial Machinery', words: ['Machinery', 'Engineering', 'Industries'], bias: -0.02 },
  { name: 'Plastics & Rubber', words: ['Plastics', 'Rubber'], bias: -0.07 },
  { name: 'Cosmetics & Personal Care', words: ['Cosmetics', 'Beauty'], bias: 0.05, sectorInitiatives: ['rspo'] },
];

export interface RegionSpec {
  /** ISO 3166 alpha-2 code: the `hq_region` the service uses, and the ISIN country prefix. */
  code: string;
  country: string;
  /** The science-based-targets dataset's world region for this country. */
  worldRegion: string;
  suffixes: readonly string[];
  /** Relative share of head offices. */
  weight: number;
}

export const REGION_SPECS: readonly RegionSpec[] = [
  {
    code: 'US',
    country: 'United States',
    worldRegion: 'Northern America',
    suffixes: ['Inc', 'Corp', 'LLC'],
    weight: 22,
  },
  { code: 'GB', country: 'United Kingdom', worldRegion: 'Europe', suffixes: ['Ltd', 'PLC', 'Limited'], weight: 14 },
  { code: 'DE', country: 'Germany', worldRegion: 'Europe', suffixes: ['GmbH', 'AG'], weight: 10 },
  { code: 'FR', country: 'France', worldRegion: 'Europe', suffixes: ['SA', 'SAS'], weight: 8 },
  { code: 'JP', country: 'Japan', worldRegion: 'Asia', suffixes: ['KK', 'Co., Ltd.'], weight: 7 },
  { code: 'NL', country: 'Netherlands', worldRegion: 'Europe', suffixes: ['BV', 'NV'], weight: 5 },
  { code: 'IT', country: 'Italy', worldRegion: 'Europe', suffixes: ['SpA', 'Srl'], weight: 5 },
  { code: 'IN', country: 'India', worldRegion: 'Asia', suffixes: ['Pvt Ltd', 'Ltd'], weight: 5 },
  { code: 'ES', country: 'Spain', worldRegion: 'Europe', suffixes: ['SA', 'SL'], weight: 4 },
  { code: 'CA', country: 'Canada', worldRegion: 'Northern America', suffixes: ['Inc', 'Ltd'], weight: 4 },
  { code: 'AU', country: 'Australia', worldRegion: 'Oceania', suffixes: ['Pty Ltd'], weight: 4 },
  { code: 'SE', country: 'Sweden', worldRegion: 'Europe', suffixes: ['AB'], weight: 3 },
  { code: 'CH', country: 'Switzerland', worldRegion: 'Europe', suffixes: ['AG', 'SA'], weight: 3 },
  { code: 'BR', country: 'Brazil', worldRegion: 'Latin America', suffixes: ['SA', 'Ltda'], weight: 3 },
  { code: 'DK', country: 'Denmark', worldRegion: 'Europe', suffixes: ['A/S'], weight: 2 },
  { code: 'SG', country: 'Singapore', worldRegion: 'Asia', suffixes: ['Pte Ltd'], weight: 2 },
  { code: 'IE', country: 'Ireland', worldRegion: 'Europe', suffixes: ['Ltd', 'DAC'], weight: 2 },
  { code: 'ZA', country: 'South Africa', worldRegion: 'Africa', suffixes: ['Pty Ltd'], weight: 1 },
];

/** Legal-form words split off the end of a name when names are compared (rules: matching.ts). */
export const LEGAL_SUFFIXES: ReadonlySet<string> = new Set([
  'ltd',
  'limited',
  'plc',
  'inc',
  'incorporated',
  'corp',
  'corporation',
  'llc',
  'gmbh',
  'ag',
  'sa',
  'sas',
  'bv',
  'nv',
  'ab',
  'spa',
  'srl',
  'sl',
  'kk',
  'co',
  'company',
  'pty',
  'pvt',
  'pte',
  'ltda',
  'as',
  'dac',
  'oy',
  'se',
]);

/** Long spellings of legal forms, read as their usual short form: "Acme Limited" is "Acme Ltd". */
export const LEGAL_FORM_SPELLINGS: ReadonlyMap<string, string> = new Map([
  ['limited', 'ltd'],
  ['incorporated', 'inc'],
  ['corporation', 'corp'],
  ['company', 'co'],
]);
