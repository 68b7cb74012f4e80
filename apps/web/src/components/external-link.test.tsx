import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ExternalLink } from './external-link';

describe('ExternalLink', () => {
  it('links to a web address, in a new tab', () => {
    render(<ExternalLink href=" https://garden.example/compost/ ">Compost</ExternalLink>);
    const link = screen.getByRole('link', { name: 'Compost' });
    expect(link).toHaveAttribute('href', 'https://garden.example/compost/');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it.each(['', 'javascript:alert(1)', ' JavaScript:alert(1)', '/relative/', '#', null, undefined])(
    'writes no link for %j: the words alone',
    (href) => {
      const { container } = render(<ExternalLink href={href}>Compost</ExternalLink>);
      expect(screen.queryByRole('link')).toBeNull();
      expect(container.querySelector('a')).toBeNull();
      expect(container).toHaveTextContent('Compost');
    },
  );
});
