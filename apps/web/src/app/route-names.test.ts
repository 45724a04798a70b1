import { describe, expect, it } from 'vitest';
import { pathForRoute } from './route-names.js';

describe('named routes', () => {
  it.each([
    ['user.assignment-detail', { id: 4 }, '/assignment/4/detail'],
    ['user.education-detail', { id: '9' }, '/education/9/detail'],
    ['user.education-detail', {}, null],
    ['dashboard.notification', {}, '/notification'],
    ['User.my-certification', {}, '/my-certification'],
    ['user.my-assignment', {}, '/my-assignment'],
    ['nonsense', {}, null],
  ])('%s %j → %s', (name, params, expected) => {
    expect(pathForRoute(name, params)).toBe(expected);
  });
});
