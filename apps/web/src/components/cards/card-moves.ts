/** A move on a card: a button's words and what it does (the same handler the table's button calls). */
export type CardMove = {
  key: string;
  label: string;
  onClick: () => void;
  /** The accessible name when the label alone is ambiguous in a list ("Answer IND-12"). */
  ariaLabel?: string;
  /** A move that undoes or refuses (Reject): red, and never the card's big button while another exists. */
  danger?: boolean;
};

/**
 * The card's next move (its one full-width button) and the rest (its menu). The first forward move
 * leads: a refusing move is the big button only when it is the only move there is.
 */
export function splitMoves(moves: readonly CardMove[]): { next: CardMove | null; more: CardMove[] } {
  const next = moves.find((m) => !m.danger) ?? moves[0] ?? null;
  return { next, more: moves.filter((m) => m !== next) };
}

/** "Placed (3)": an option's words with how many wait in it, when some do. */
export function optionText(label: string, count?: number | null): string {
  return count ? `${label} (${count})` : label;
}
