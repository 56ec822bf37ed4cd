import { COMMON_PASSWORD_LIST } from './common-password-list.js';

const COMMON = new Set(COMMON_PASSWORD_LIST.split('\n').filter((line) => line !== ''));

/**
 * True for a password on the shipped list of the most common ones (ASVS V2.1.7), compared
 * ignoring case and surrounding spaces, as people vary exactly those.
 */
export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.normalize('NFKC').trim().toLowerCase());
}
