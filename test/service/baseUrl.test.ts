import { ClimateClient } from '../../src/service/client';

const client = (baseUrl: string) => new ClimateClient({ baseUrl, apiKey: 'sandbox-project-key' });

describe('the base URL rule', () => {
  it('accepts https anywhere and http on loopback, without trailing slashes', () => {
    expect(client('https://api.ditchcarbon.com/').baseUrl).toBe('https://api.ditchcarbon.com');
    expect(client('https://host.example/api//').baseUrl).toBe('https://host.example/api');
    expect(client('http://localhost:4010/').baseUrl).toBe('http://localhost:4010');
    expect(client('http://127.0.0.1:4010').baseUrl).toBe('http://127.0.0.1:4010');
  });

  it('takes the address out of the quotes or angle brackets it was pasted in (a .env file, an e-mail)', () => {
    for (const pasted of [
      '"https://api.ditchcarbon.com"',
      " 'https://api.ditchcarbon.com/' ",
      '<https://api.ditchcarbon.com>',
    ]) {
      expect(client(pasted).baseUrl).toBe('https://api.ditchcarbon.com');
    }
    // Only a matching pair: a stray quote is part of what is checked.
    expect(() => client('"https://api.ditchcarbon.com')).toThrow(/is not a valid URL/);
  });

  it("drops a host name's final dot (the fully qualified form), which the page's policy would not match", () => {
    expect(client('https://api.ditchcarbon.com./').baseUrl).toBe('https://api.ditchcarbon.com');
    expect(client('HTTPS://Host.Example.:8443/api/').baseUrl).toBe('https://host.example:8443/api');
    expect(client('http://localhost.:4010').baseUrl).toBe('http://localhost:4010');
  });

  it('refuses an IPv6 address, which the pane could not reach: Chromium ignores one in a policy', () => {
    for (const url of ['http://[::1]:4010', 'https://[2001:db8::1]/api']) {
      expect(() => client(url)).toThrow(
        `The service address ${new URL(url).origin} names an IPv6 address, which the pane’s ` +
          'Content-Security-Policy cannot list: use a host name (localhost or 127.0.0.1 for this machine).',
      );
    }
  });

  it('refuses plain http to any other host, with a message that says why', () => {
    const plainHttp = [
      'http://api.ditchcarbon.com',
      'http://10.0.0.5:4010',
      'http://128.0.0.1',
      'http://localhost.evil',
      // Loopback, but not a name the page's Content-Security-Policy can list: refused rather than blocked.
      'http://127.8.9.10',
    ];
    for (const url of plainHttp) {
      expect(() => client(url)).toThrow(/must use https/);
    }
  });

  it('refuses an address typed without its scheme, saying what goes in front: http:// only on this computer', () => {
    const local = (address: string) =>
      `The service address needs http:// or https:// in front: ${address} for a service on this computer.`;
    const remote = (address: string) =>
      `The service address needs https:// in front: ${address} (plain http:// only on this computer).`;
    expect(() => client('localhost:4010')).toThrow(local('http://localhost:4010'));
    expect(() => client(' 127.0.0.1:4010/v2/ ')).toThrow(local('http://127.0.0.1:4010/v2'));
    expect(() => client('LOCALHOST:4010')).toThrow(local('http://localhost:4010'));
    expect(() => client('api.ditchcarbon.com')).toThrow(remote('https://api.ditchcarbon.com'));
    expect(() => client('10.0.0.5:4010/api')).toThrow(remote('https://10.0.0.5:4010/api'));
    // What the message proposes holds no user name, password or query, whatever was typed.
    expect(() => client('climate.example/v1?token=secret')).toThrow(remote('https://climate.example/v1'));
  });

  it("refuses one of the service's endpoints pasted as its address, naming the address to give", () => {
    const endpoint = (url: string, path: string, base: string) =>
      `${url} is the service’s ${path}, not its address: give ${base}.`;
    expect(() => client('https://api.ditchcarbon.com/batch')).toThrow(
      endpoint('https://api.ditchcarbon.com/batch', '/batch endpoint', 'https://api.ditchcarbon.com'),
    );
    expect(() => client('https://api.ditchcarbon.com/organizations/')).toThrow(
      endpoint('https://api.ditchcarbon.com/organizations', '/organizations endpoint', 'https://api.ditchcarbon.com'),
    );
    expect(() => client('https://host.example/api/sbti_companies')).toThrow(
      endpoint('https://host.example/api/sbti_companies', '/sbti_companies endpoint', 'https://host.example/api'),
    );
    // The deprecated version answers only its own paths, which the add-in does not send.
    expect(() => client('https://api.ditchcarbon.com/v1.0')).toThrow(
      endpoint('https://api.ditchcarbon.com/v1.0', 'deprecated /v1.0 version', 'https://api.ditchcarbon.com'),
    );
    // A path of its own is a deployment's: kept.
    expect(client('https://host.example/climate/v2').baseUrl).toBe('https://host.example/climate/v2');
  });

  it('refuses what is not a usable address', () => {
    expect(() => client('not a url')).toThrow(/not a valid URL/);
    for (const empty of ['', '   ']) {
      expect(() => client(empty)).toThrow('The service address is empty: give it, e.g. https://api.ditchcarbon.com.');
    }
    expect(() => client('mailto:someone@example.com')).toThrow(/must start with https:\/\/ \(got mailto:\)/);
    expect(() => client('ftp://127.0.0.1')).toThrow(/https/);
    expect(() => client('https://user:pw@host.example')).toThrow(/user name/);
    expect(() => client('https://host.example/?x=1')).toThrow(/query/);
  });
});
