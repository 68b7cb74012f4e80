import { webAddress } from '@abp/contracts';
import Link, { type LinkProps } from '@mui/material/Link';
import type { ReactNode } from 'react';

type ExternalLinkProps = Omit<LinkProps, 'href' | 'target' | 'rel' | 'children'> & {
  href: string | null | undefined;
  children: ReactNode;
};

/**
 * A link out of the app (a WordPress post, a news source), opened in a new tab. Only to a web
 * address: with none (empty, 'javascript:', relative …) its words are shown without a link.
 */
export function ExternalLink({ href, children, ...props }: ExternalLinkProps) {
  const address = webAddress(href);
  if (!address) return <>{children}</>;
  return (
    <Link href={address} target="_blank" rel="noopener noreferrer" {...props}>
      {children}
    </Link>
  );
}
