import { Fragment } from 'react';

/**
 * An email address that may wrap only before its @ and before each dot of its domain (<wbr>), so a
 * narrow screen shows "maya.chen.12" then "@example.com", never "…@example.co" then "m". A single part
 * longer than the line still breaks where it must (the caller's `break-words`). One span, so a flex
 * parent lays the address out as one item, not one per part (put any words before it in one span with it).
 */
export function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return <span>{email}</span>;
  const [first, ...rest] = email.slice(at + 1).split('.');
  return (
    <span>
      {email.slice(0, at)}
      <wbr />
      {`@${first}`}
      {rest.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one address, in their order
        <Fragment key={i}>
          <wbr />
          {`.${part}`}
        </Fragment>
      ))}
    </span>
  );
}
