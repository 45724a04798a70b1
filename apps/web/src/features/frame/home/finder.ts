/** The marketing host's own name without a leading "www.", so companies hang off the bare product domain. */
export function productHost(host: string): string {
  return host.replace(/^www\./i, '');
}

/** Where the company finder sends the browser: {slug}.{current host}/login, on the same scheme and port. */
export function companyLoginUrl(slug: string, location: { protocol: string; host: string }): string {
  return `${location.protocol}//${slug}.${productHost(location.host)}/login`;
}
