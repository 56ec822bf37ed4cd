import { describe, expect, it } from '@jest/globals';
import { SERVICE_NAMES } from '../services.js';
import { USER_CLEANUP_RPC } from '../admin/user-deletion.rpc.js';
import { RPC_CONTRACTS } from './rpc-registry.js';

describe('RPC_CONTRACTS', () => {
  it('gives every call its own subject', () => {
    const patterns = RPC_CONTRACTS.map((contract) => contract.pattern);
    const repeated = patterns.filter((pattern, index) => patterns.indexOf(pattern) !== index);
    expect(repeated).toEqual([]);
    // The five services' own calls, their health checks and the admin service's commands.
    expect(patterns.length).toBeGreaterThan(40);
  });

  it('names each subject <service>.<noun>.<verb>.v<n>, answered by the service it starts with', () => {
    for (const contract of RPC_CONTRACTS) {
      expect({ pattern: contract.pattern, shape: /^[a-z-]+(\.[a-z-]+)+\.v\d+$/.test(contract.pattern) }).toEqual({
        pattern: contract.pattern,
        shape: true,
      });
      expect(contract.pattern.startsWith(`${contract.service}.`)).toBe(true);
      expect(SERVICE_NAMES).toContain(contract.service);
    }
  });

  it('holds every command of the user deletion saga', () => {
    for (const contract of Object.values(USER_CLEANUP_RPC)) expect(RPC_CONTRACTS).toContain(contract);
  });
});
