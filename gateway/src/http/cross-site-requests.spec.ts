import { describe, expect, it } from '@jest/globals';
import { isCrossSiteRequest, isFromAnotherSite } from './cross-site-requests.js';

const request = (method: string, headers: Record<string, string>) => ({
  method,
  headers: { host: 'app.example:8080', ...headers },
});

describe('isCrossSiteRequest (net/http CrossOriginProtection rules)', () => {
  it('lets safe methods through, whoever sent them', () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS']) {
      expect(
        isCrossSiteRequest(request(method, { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }), []),
      ).toBe(false);
    }
  });

  it('decides by Sec-Fetch-Site when the browser sends it', () => {
    const verdict = (site: string) =>
      isCrossSiteRequest(request('POST', { 'sec-fetch-site': site, origin: 'http://app.example:8080' }), []);
    expect(verdict('same-origin')).toBe(false);
    expect(verdict('none')).toBe(false);
    expect(verdict('same-site')).toBe(true);
    expect(verdict('cross-site')).toBe(true);
    expect(verdict('Cross-Site')).toBe(true);
  });

  it('otherwise compares Origin with the Host the request was sent to', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      expect(isCrossSiteRequest(request(method, { origin: 'https://evil.example' }), [])).toBe(true);
      expect(isCrossSiteRequest(request(method, { origin: 'http://app.example:8080' }), [])).toBe(false);
    }
    expect(isCrossSiteRequest(request('POST', { origin: 'http://app.example' }), [])).toBe(true);
    expect(isCrossSiteRequest(request('POST', { origin: 'null' }), [])).toBe(true);
  });

  it('lets requests with neither header through: they are not from a browser page', () => {
    expect(isCrossSiteRequest(request('POST', {}), [])).toBe(false);
    expect(isCrossSiteRequest(request('DELETE', {}), ['https://app.example'])).toBe(false);
  });

  it('compares Origin with the configured public origins instead of Host when there are some', () => {
    const publicOrigins = ['https://skillshare.example', 'https://www.skillshare.example'];
    const behindProxy = (origin: string) => ({ method: 'POST', headers: { host: 'gateway:8080', origin } });
    expect(isCrossSiteRequest(behindProxy('https://skillshare.example'), publicOrigins)).toBe(false);
    expect(isCrossSiteRequest(behindProxy('https://www.skillshare.example'), publicOrigins)).toBe(false);
    expect(isCrossSiteRequest(behindProxy('http://skillshare.example'), publicOrigins)).toBe(true);
    expect(isCrossSiteRequest(behindProxy('http://gateway:8080'), publicOrigins)).toBe(true);
  });
});

describe('isFromAnotherSite', () => {
  it('is true only when the browser says another site (or a sibling subdomain) started the request', () => {
    expect(isFromAnotherSite(request('GET', { 'sec-fetch-site': 'cross-site' }))).toBe(true);
    expect(isFromAnotherSite(request('GET', { 'sec-fetch-site': 'same-site' }))).toBe(true);
    expect(isFromAnotherSite(request('GET', { 'sec-fetch-site': 'same-origin' }))).toBe(false);
    expect(isFromAnotherSite(request('GET', { 'sec-fetch-site': 'none' }))).toBe(false);
    expect(isFromAnotherSite(request('GET', {}))).toBe(false);
  });
});
