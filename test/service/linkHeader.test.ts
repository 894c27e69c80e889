import { parseLinkHeader } from '../../src/service/linkHeader';

describe('parseLinkHeader', () => {
  it('reads next and last with quoted or unquoted rel, in any order, with other parameters', () => {
    expect(
      parseLinkHeader(
        '<https://api.example/industries?page=3>; rel="next", <https://api.example/industries?page=9>; rel=last',
      ),
    ).toEqual({ next: 'https://api.example/industries?page=3', last: 'https://api.example/industries?page=9' });
    expect(parseLinkHeader('</i?page=9>;title="Last, really";rel="last" ,  </i?page=2> ; REL = next')).toEqual({
      last: '/i?page=9',
      next: '/i?page=2',
    });
  });

  it('gives one link several relations and keeps commas inside the URL', () => {
    expect(parseLinkHeader('</search?q=a,b&page=2>; rel="next last"')).toEqual({
      next: '/search?q=a,b&page=2',
      last: '/search?q=a,b&page=2',
    });
  });

  it('reads nothing from an absent, empty or broken header', () => {
    expect(parseLinkHeader(null)).toEqual({});
    expect(parseLinkHeader('')).toEqual({});
    expect(parseLinkHeader('</i?page=2>')).toEqual({});
    expect(parseLinkHeader('</i?page=2; rel=next')).toEqual({});
  });

  it('keeps the first link when a relation repeats', () => {
    expect(parseLinkHeader('</a>; rel=next, </b>; rel=next')).toEqual({ next: '/a' });
  });
});
