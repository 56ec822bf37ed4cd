import { describe, expect, it } from '@jest/globals';
import { SECURE_SIGNED_IN_MARKER_COOKIE, SIGNED_IN_MARKER_COOKIE, signedInMarkerOf } from './signed-in-marker.js';

describe('signedInMarkerOf', () => {
  it('reads the marker among other cookies, either name', () => {
    expect(signedInMarkerOf('vf.sid=s%3Aabc; vf.signed-in=1; theme=dark')).toBe('1');
    expect(signedInMarkerOf('__Host-vf.signed-in=0')).toBe('0');
    expect(signedInMarkerOf('vf.signed-in=1;__Host-vf.sid=x')).toBe('1');
  });

  it('answers undefined without one, or for a cookie whose name only contains it', () => {
    expect(signedInMarkerOf(undefined)).toBeUndefined();
    expect(signedInMarkerOf('')).toBeUndefined();
    expect(signedInMarkerOf('vf.sid=abc')).toBeUndefined();
    expect(signedInMarkerOf('xvf.signed-in=1; vf.signed-in-old=1')).toBeUndefined();
  });

  it('prefers the secure name, and reads only the names asked for', () => {
    expect(signedInMarkerOf('vf.signed-in=0; __Host-vf.signed-in=1')).toBe('1');
    expect(signedInMarkerOf('__Host-vf.signed-in=1', [SIGNED_IN_MARKER_COOKIE])).toBeUndefined();
    expect(signedInMarkerOf('__Host-vf.signed-in=1', [SECURE_SIGNED_IN_MARKER_COOKIE])).toBe('1');
    // The first of a repeated name, as a browser sends the most specific cookie first.
    expect(signedInMarkerOf('vf.signed-in=1; vf.signed-in=0')).toBe('1');
  });
});
