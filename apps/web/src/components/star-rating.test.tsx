import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { StarRating } from './star-rating';

const labelFor = (stars: number) => `${stars} Stars`;

/** The rating as a screen holds it: the value lives in the parent's state. */
function Rated({ onChange }: { onChange: (stars: number) => void }) {
  const [value, setValue] = useState(0);
  return (
    <StarRating
      name="rating-7"
      value={value}
      max={5}
      labelFor={labelFor}
      onChange={(stars) => {
        setValue(stars);
        onChange(stars);
      }}
    />
  );
}

describe('StarRating', () => {
  it('chooses the star whose picture is tapped, and another after it', async () => {
    const onChange = vi.fn();
    render(<Rated onChange={onChange} />);
    const user = userEvent.setup();
    const four = screen.getByRole('radio', { name: '4 Stars' });
    // The radio is hidden; people tap the star drawn in its label.
    const starOf = (radio: HTMLElement) => radio.closest('label') as HTMLElement;
    await user.click(starOf(four));
    expect(four).toBeChecked();
    expect(onChange).toHaveBeenLastCalledWith(4);
    await user.click(starOf(screen.getByRole('radio', { name: '2 Stars' })));
    expect(screen.getByRole('radio', { name: '2 Stars' })).toBeChecked();
    expect(four).not.toBeChecked();
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('moves between stars with the arrow keys', async () => {
    const onChange = vi.fn();
    render(<Rated onChange={onChange} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: '3 Stars' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: '4 Stars' })).toBeChecked();
    expect(onChange).toHaveBeenLastCalledWith(4);
  });

  it('draws the stars up to the one pointed at, and the chosen ones once a key changes the choice', async () => {
    render(<Rated onChange={() => undefined} />);
    const user = userEvent.setup();
    const filled = () => document.querySelectorAll('[data-testid="StarIcon"]').length;
    const starOf = (stars: number) => screen.getByRole('radio', { name: `${stars} Stars` }).closest('label') as HTMLElement;
    await user.hover(starOf(3));
    expect(filled()).toBe(3);
    await user.click(starOf(3));
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('radio', { name: '2 Stars' })).toBeChecked();
    expect(filled()).toBe(2);
  });

  it('shows a given rating as one picture with its name, and nothing to change', () => {
    render(<StarRating name="rating-8" value={4} max={5} labelFor={labelFor} onChange={() => undefined} readOnly />);
    expect(screen.getByRole('img', { name: '4 Stars' })).toBeInTheDocument();
    expect(screen.queryByRole('radio')).toBeNull();
  });
});
