import { describe, expect, it } from '@jest/globals';
import { firstIssueMessage } from '../auth/auth.schemas.js';
import {
  CATEGORY_MESSAGES,
  categoryIdParamsSchema,
  createCategoryMessageSchema,
  createCategoryRequestSchema,
  deleteCategoryMessageSchema,
} from './category.schemas.js';

const ADMIN = { id: '0d4f8a9e-1111-4c3b-9a7e-2b5f0c1d2e3f', isAdmin: true };

describe('create category request', () => {
  it('trims name and icon and drops anything else', () => {
    expect(createCategoryRequestSchema.parse({ name: '  Climbing ', icon: ' 🧗 ', id: 9, createdAt: 'x' })).toEqual({
      name: 'Climbing',
      icon: '🧗',
    });
  });

  it('counts characters as the database does, so 50 emoji fit', () => {
    const icon = '🧗'.repeat(50);
    expect(createCategoryRequestSchema.parse({ name: 'n'.repeat(50), icon })).toEqual({ name: 'n'.repeat(50), icon });
  });

  it.each([
    [{ icon: '⛳' }, CATEGORY_MESSAGES.nameRequired],
    [{ name: '', icon: '⛳' }, CATEGORY_MESSAGES.nameRequired],
    [{ name: '   ', icon: '⛳' }, CATEGORY_MESSAGES.nameRequired],
    [{ name: 42, icon: '⛳' }, CATEGORY_MESSAGES.nameRequired],
    [{ name: 'x'.repeat(51), icon: '⛳' }, CATEGORY_MESSAGES.nameTooLong],
    [{ name: 'Tab\there', icon: '⛳' }, CATEGORY_MESSAGES.nameControlCharacter],
    [{ name: 'Nul\u0000', icon: '⛳' }, CATEGORY_MESSAGES.nameControlCharacter],
    [{ name: 'Golf' }, CATEGORY_MESSAGES.iconRequired],
    [{ name: 'Golf', icon: ' ' }, CATEGORY_MESSAGES.iconRequired],
    [{ name: 'Golf', icon: null }, CATEGORY_MESSAGES.iconRequired],
    [{ name: 'Golf', icon: '⛳'.repeat(51) }, CATEGORY_MESSAGES.iconTooLong],
    [{ name: 'Golf', icon: '\u007f' }, CATEGORY_MESSAGES.iconControlCharacter],
  ])('refuses %j with the field’s message', (body, message) => {
    expect(firstIssueMessage(createCategoryRequestSchema, body)).toBe(message);
  });
});

describe('category id parameter', () => {
  it('turns the route parameter into a number', () => {
    expect(categoryIdParamsSchema.parse({ id: '12' })).toEqual({ id: 12 });
  });

  it.each(['abc', '0', '-1', '1.5', '1e3', '2147483648', ''])('refuses %j', (id) => {
    expect(firstIssueMessage(categoryIdParamsSchema, { id })).toBe(CATEGORY_MESSAGES.idInvalid);
  });
});

describe('category messages between gateway and catalog service', () => {
  it('carry a well-formed actor', () => {
    const category = { name: 'Golf', icon: '⛳' };
    expect(createCategoryMessageSchema.parse({ actor: ADMIN, category })).toEqual({ actor: ADMIN, category });
    expect(deleteCategoryMessageSchema.parse({ actor: ADMIN, categoryId: 3 })).toEqual({ actor: ADMIN, categoryId: 3 });
    for (const actor of [undefined, { id: 'nobody', isAdmin: true }, { id: ADMIN.id, isAdmin: 'yes' }]) {
      expect(createCategoryMessageSchema.safeParse({ actor, category }).success).toBe(false);
      expect(deleteCategoryMessageSchema.safeParse({ actor, categoryId: 3 }).success).toBe(false);
    }
  });
});
