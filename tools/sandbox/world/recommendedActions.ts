/**
 * Recommended actions: a small catalogue of supplier-engagement advice, of which each organization
 * gets a seed-determined few.
 */
import { RecommendedAction } from '../../../src/service/types';
import { randomFor } from './random';

type Advice = Omit<RecommendedAction, 'id' | 'updated_at'>;

const CASE_STUDIES = 'https://case-studies.sandbox.example';

const CATALOGUE: readonly Advice[] = [
  {
    emission_category: 'Purchased electricity',
    recommended_actions: 'Move sites to a renewable electricity tariff backed by certificates from new capacity.',
    approximate_savings: '20-40% of scope 2 emissions',
    case_study: 'A fictional packaging plant cut its scope 2 emissions by a third in one contract year.',
    case_study_source_url: `${CASE_STUDIES}/renewable-tariff`,
    suggested_contract_term: 'Supplier reports the share of renewable electricity at each site every year.',
    question_to_ask_at_qbr: 'What share of your electricity is renewable today, and what is the plan for next year?',
  },
  {
    emission_category: 'Heating',
    recommended_actions: 'Replace gas boilers with heat pumps when they reach end of life.',
    approximate_savings: '10-25% of scope 1 emissions',
    case_study: 'A fictional office campus replaced three boilers and halved its gas use.',
    case_study_source_url: `${CASE_STUDIES}/heat-pumps`,
    suggested_contract_term: 'Supplier shares a heating decarbonisation plan within twelve months.',
    question_to_ask_at_qbr: 'Which sites still heat with fossil fuels, and when are the boilers due for replacement?',
  },
  {
    emission_category: 'Company vehicles',
    recommended_actions: 'Electrify the light vehicle fleet and add charging at depots.',
    approximate_savings: '5-15% of scope 1 emissions',
    case_study: 'A fictional courier moved its urban vans to electric over two years.',
    case_study_source_url: `${CASE_STUDIES}/fleet`,
    suggested_contract_term: 'Deliveries in city centres use zero-emission vehicles from the second contract year.',
    question_to_ask_at_qbr: 'How many of your vehicles serving us are electric?',
  },
  {
    emission_category: 'Purchased goods and services',
    recommended_actions: 'Ask your own top suppliers to set science-based targets.',
    approximate_savings: '5-20% of scope 3 emissions over five years',
    case_study: 'A fictional retailer made targets a condition of preferred-supplier status.',
    case_study_source_url: `${CASE_STUDIES}/supplier-targets`,
    suggested_contract_term: 'Supplier cascades target-setting to its top twenty suppliers by spend.',
    question_to_ask_at_qbr: 'Which of your largest suppliers have emissions targets?',
  },
  {
    emission_category: 'Business travel',
    recommended_actions: 'Default to rail for journeys under five hours and report travel emissions.',
    approximate_savings: '30-50% of travel emissions',
    case_study: 'A fictional consultancy halved its flights with a rail-first policy.',
    case_study_source_url: `${CASE_STUDIES}/rail-first`,
    suggested_contract_term: 'Travel emissions attributable to this contract are reported each quarter.',
    question_to_ask_at_qbr: 'How did your travel emissions for our account change this quarter?',
  },
  {
    emission_category: 'Waste',
    recommended_actions: 'Separate waste streams at source and contract for recycling rather than landfill.',
    approximate_savings: '1-5% of total emissions',
    case_study: 'A fictional food producer diverted 80% of its waste from landfill.',
    case_study_source_url: `${CASE_STUDIES}/waste`,
    suggested_contract_term: 'Supplier reports landfill diversion rates twice a year.',
    question_to_ask_at_qbr: 'What share of your waste goes to landfill?',
  },
  {
    emission_category: 'Upstream transportation',
    recommended_actions: 'Consolidate shipments and shift long-haul freight from road and air to rail and sea.',
    approximate_savings: '10-30% of logistics emissions',
    case_study: 'A fictional parts maker moved its European freight onto rail corridors.',
    case_study_source_url: `${CASE_STUDIES}/modal-shift`,
    suggested_contract_term: 'Air freight only with written approval for urgent orders.',
    question_to_ask_at_qbr: 'How much of our freight went by air this quarter, and why?',
  },
  {
    emission_category: 'Refrigerants',
    recommended_actions: 'Fix refrigerant leaks and plan a move to low-warming-potential refrigerants.',
    approximate_savings: '2-10% of scope 1 emissions',
    case_study: 'A fictional cold-chain operator cut refrigerant losses by two thirds with monthly checks.',
    case_study_source_url: `${CASE_STUDIES}/refrigerants`,
    suggested_contract_term: 'Supplier logs refrigerant top-ups and shares them yearly.',
    question_to_ask_at_qbr: 'How much refrigerant did you top up last year?',
  },
];

/** Catalogue updates are dated on fixed days, so records stay the same from run to run. */
const UPDATED_AT = ['2025-03-03T00:00:00.000Z', '2025-06-02T00:00:00.000Z', '2025-09-01T00:00:00.000Z'];

/** The actions for an organization: none to four, the same for the same seed and id. */
export function recommendedActionsFor(seed: number, organizationId: number): RecommendedAction[] {
  const random = randomFor(seed, `actions:${organizationId}`);
  const count = random.int(0, 4);
  const picked = new Set<number>();
  while (picked.size < count) picked.add(random.int(0, CATALOGUE.length - 1));
  return [...picked]
    .sort((a, b) => a - b)
    .map((i) => ({ id: organizationId * 100 + i + 1, ...CATALOGUE[i], updated_at: random.pick(UPDATED_AT) }));
}
