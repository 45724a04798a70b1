import * as shared from '@kampus/shared';
import { describe, expect, it } from 'vitest';
import { RESOURCE_SCREENS } from './resource-screens.js';

const pick = ({ namespace, screens, permissions }: shared.AnyResourceContract) => ({ namespace, screens, permissions });

describe('RESOURCE_SCREENS', () => {
  it('names every resource contract once', () => {
    const contracts = Object.keys(RESOURCE_SCREENS).map((key) => shared[`${key}Contract` as keyof typeof shared]);
    expect(contracts).toHaveLength(shared.RESOURCE_CONTRACTS.length);
    expect(new Set(contracts)).toEqual(new Set(shared.RESOURCE_CONTRACTS));
  });

  it.each(Object.keys(RESOURCE_SCREENS))('%s states what its contract declares', (key) => {
    const contract = shared[`${key}Contract` as keyof typeof shared] as shared.AnyResourceContract;
    const expected = pick(contract);
    expect(RESOURCE_SCREENS[key as keyof typeof RESOURCE_SCREENS], `${key}: ${JSON.stringify(expected)}`).toEqual(
      expected,
    );
  });
});
