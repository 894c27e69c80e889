/**
 * The columns Use selection proposes beside the names: websites (by header, or by values that are the
 * suppliers' own web or e-mail addresses), countries (by header in the languages the functions read
 * country names in, or by values that are countries) and spend (a column of amounts, numbers or amounts
 * written as text, with such a header).
 */
import type { CellValue } from '../../../src/taskpane/sheet/grid';
import { describeSelection } from '../../../src/taskpane/sheet/selectionModel';
import { SHEET, snapshot } from './selectionSnapshot';
import { SPEND_AS_TEXT } from './spendTexts';

const all = { rowIndex: 0, columnIndex: 0, rowCount: 1_048_576, columnCount: 1 };

describe('the website column', () => {
  /** The column proposed for websites on a sheet of names in A and `header` over `values` in B. */
  const websiteGuess = (header: string, values: string[]) =>
    describeSelection(snapshot(all, [['Name', header], ...values.map((value, i) => [`Supplier ${i}`, value])]))
      .websiteGuess;

  test.each([
    ['web and e-mail addresses', ['acme.com', 'buyer@globex.io']],
    [
      'international domains and e-mail contacts',
      ['müller.de', 'https://sberbank.xn--p1ai/', 'Jane Doe <jane@acme.com>'],
    ],
    // The functions read these as no website: they count neither way.
    ['addresses whose gaps say N/A or -', ['acme.com', 'N/A', '-', 'umbrella.example', 'n.a.']],
  ])('a column of %s is proposed when the header says nothing', (_label, values) => {
    expect(websiteGuess('Col2', values)).toBe(1);
  });

  test('a column of contacts at mailboxes anyone can have is not: the functions leave those out', () => {
    const values = [
      'acme.orders@gmail.com',
      'hank@globex.io',
      'bill@hotmail.co.uk',
      'https://www.linkedin.com/company/u/',
    ];
    expect(websiteGuess('Col2', values)).toBeNull();
  });

  test.each([
    'Website',
    'Homepage',
    'Webseite',
    'Site web',
    'Sitio web',
    'Courriel',
    'Correo electrónico',
    'Sito web',
    'Posta elettronica',
    'ウェブサイト',
    'ホームページ',
    'メールアドレス',
  ])('a column headed %s is proposed', (header) => {
    // Half addresses: proposed by a website header only (by values alone it takes three in five).
    expect(websiteGuess(header, ['acme.com', 'Lyon office'])).toBe(1);
  });

  test('a Site column of plant names is not, though its header says site; a Website column is', () => {
    expect(websiteGuess('Site', ['Hamburg plant', 'Lyon', 'acme.com'])).toBeNull();
    expect(websiteGuess('Website', ['acme.com', 'Lyon', 'globex.io'])).toBe(1);
  });
});

describe('the country column', () => {
  const withCountries = (header: string, values: string[]) => [
    ['Supplier', 'Web', header, 'Spend'],
    ...values.map((value, i) => [`Supplier ${i}`, '', value, 100]),
  ];

  test.each(['HQ country', 'Region', 'Land', 'Sitzland', 'Pays', 'País', 'Paese', 'Nazione', '国', '所在国'])(
    'a column headed %s is proposed',
    (header) => {
      expect(describeSelection(snapshot(all, withCountries(header, ['DE', '', 'FR']))).countryGuess).toBe(2);
    },
  );

  test('a column of countries under another header is proposed by its values, gaps and N/A aside', () => {
    const values = ['Germany', 'US', 'N/A', 'Viet Nam', '', 'Netherlands, The', 'FRA'];
    expect(describeSelection(snapshot(all, withCountries('Col3', values))).countryGuess).toBe(2);
  });

  test('a column of US states is not, whatever its header: sent as a country, CA is Canada', () => {
    const states = ['CA', 'DE', 'IL', 'PA', 'GA'];
    expect(describeSelection(snapshot(all, withCountries('Col3', states))).countryGuess).toBeNull();
    expect(describeSelection(snapshot(all, withCountries('State/Region', states))).countryGuess).toBeNull();
    expect(describeSelection(snapshot(all, withCountries('HQ state', states))).countryGuess).toBeNull();
  });

  test('a Region column of sales regions is not', () => {
    expect(describeSelection(snapshot(all, withCountries('Region', ['EMEA', 'APAC', 'EMEA']))).countryGuess).toBeNull();
  });

  test('a column of words that are mostly no country, or a landline, is not', () => {
    const cities = ['Berlin', 'Paris', 'Germany', 'Lyon'];
    expect(describeSelection(snapshot(all, withCountries('Col3', cities))).countryGuess).toBeNull();
    const phones = ['+49 30 1234', '+33 1 2345', '+1 212 555'];
    expect(describeSelection(snapshot(all, withCountries('Landline', phones))).countryGuess).toBeNull();
  });
});

describe('the spend column', () => {
  test('a numeric column headed Spend is proposed', () => {
    expect(describeSelection(snapshot(all)).spendGuess).toBe(3);
  });

  test('"Amount", "Contract value", "Cost (EUR)" and their German, French, Spanish, Italian and Japanese words count; a text column does not', () => {
    for (const header of [
      'Amount',
      'Contract value',
      'Cost (EUR)',
      'Ausgaben',
      'Einkaufsvolumen',
      'Betrag',
      'Montant',
      'Dépenses',
      'Importe',
      'Gasto',
      'Spesa annua',
      'Importo',
      '年間支出',
      '取引金額',
    ]) {
      const sheet = SHEET.map((row, i) => (i === 0 ? [...row.slice(0, 3), header] : row));
      expect(describeSelection(snapshot(all, sheet)).spendGuess).toBe(3);
    }
    const text = SHEET.map((row, i) =>
      i === 0 ? [...row.slice(0, 3), 'Value'] : [...row.slice(0, 3), i === 3 ? '' : 'high'],
    );
    expect(describeSelection(snapshot(all, text)).spendGuess).toBeNull();
  });

  /** A Spend column of `values` under the sheet's names. */
  const spendOf = (values: CellValue[]) =>
    describeSelection(snapshot(all, [['Supplier', 'Spend'], ...values.map((value, i) => [`Supplier ${i}`, value])]))
      .spendGuess;

  test('a column of amounts held as text (an ERP export, a pasted report) is proposed, so the summary reports them', () => {
    expect(spendOf([...SPEND_AS_TEXT, "CHF 1'250.-"])).toBe(1);
    // Mostly text amounts with the odd number: proposed too.
    expect(spendOf(['1.234,56 €', 1200, '  12 345  ', '-1.234,00', '1 234,56-', 'USD 3.5 bn'])).toBe(1);
  });

  test('text that is no amount is not read as one, under a spend header or not', () => {
    expect(spendOf(['high', 'medium', 'EUR', '€', '12 suppliers', 'low'])).toBeNull();
    expect(spendOf(['2024-01-01', '1.2.3', 'see note', 'Q3', '12-14', 'n/a'])).toBeNull();
    const sheet = [
      ['Supplier', 'Employees'],
      ['Acme', '1,200'],
      ['Globex', '3.400'],
    ];
    expect(describeSelection(snapshot(all, sheet)).spendGuess).toBeNull();
  });

  test('a numeric column without such a header is not', () => {
    const sheet = SHEET.map((row, i) => (i === 0 ? [...row.slice(0, 3), 'Employees'] : row));
    expect(describeSelection(snapshot(all, sheet)).spendGuess).toBeNull();
  });
});
