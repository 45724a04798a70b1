import { describe, expect, it } from 'vitest';
import { socialLinks, socialLinksHiddenOn } from './social-links.js';

const theme = {
  key: 'theme_settings',
  value: {
    linkedinLink: 'https://www.linkedin.com/company/demo',
    instagramLink: '',
    facebookLink: 'javascript:alert(1)',
    youtubeLink: 'https://www.youtube.com/@demo',
    primaryColor: '#3F51B5',
  },
};
const page = (host: string) => ({ host, hostname: host.replace(/:\d+$/, '') });

describe('footer social links', () => {
  it('lists only the networks with an http(s) link, in the order LinkedIn, Instagram, Facebook, YouTube', () => {
    expect(socialLinks([theme], page('demo.localhost:3000'))).toEqual([
      { key: 'linkedin', label: 'LinkedIn', href: 'https://www.linkedin.com/company/demo' },
      { key: 'youtube', label: 'YouTube', href: 'https://www.youtube.com/@demo' },
    ]);
  });

  it('lists nothing without theme settings', () => {
    expect(socialLinks(undefined, page('demo.localhost'))).toEqual([]);
    expect(socialLinks([], page('demo.localhost'))).toEqual([]);
  });

  it.each([
    ['the host with its port', ['akademi.localhost:3000'], 'akademi.localhost:3000', true],
    ['the host name on any port', ['akademi.localhost'], 'akademi.localhost:5173', true],
    ['a listed host in another case', ['Akademi.Example.com'], 'akademi.example.com', true],
    ['another host', ['akademi.example.com'], 'demo.localhost:3000', false],
    ['a value that is no list', 'akademi.example.com', 'akademi.example.com', false],
  ])('hides them on %s', (_case, hosts, host, hidden) => {
    const settings = [theme, { key: 'hide_social_links_hosts', value: hosts }];
    expect(socialLinksHiddenOn(settings, page(host))).toBe(hidden);
    expect(socialLinks(settings, page(host))).toHaveLength(hidden ? 0 : 2);
  });
});
