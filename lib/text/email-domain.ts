/**
 * The domain of an email address, lower-cased, from a bare address or a display form
 * (`Northline Digital <hello@northline.ca>`): what a Message-ID ends with, and what a log may say of a
 * recipient (never the person's part).
 */
export const emailDomain = (address: string): string =>
  address
    .slice(address.lastIndexOf('@') + 1)
    .replace(/>$/, '')
    .toLowerCase();
