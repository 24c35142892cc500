// The VEX mark in an alert's own row (the gating, allowed and brought-in tables), apart from the VEX
// section so that the tables and the section import it without importing each other.
import type { VexMark } from '../model.js';
import { escapeCell } from './markdown.js';

/** What the statement says of the alert: its justification or impact statement, or its action statement. */
export const statementWords = (mark: VexMark): string | null =>
  mark.justification ?? mark.impactStatement ?? mark.actionStatement;

/**
 * The short mark in the row of an alert (or finding) a statement speaks of, wherever it is listed:
 * "**VEX: affected** — Upgrade to 4.17.21", "**VEX: under investigation**"; null when none speaks of
 * it. The VEX section says which document and statement.
 */
export function vexRowNote(mark: VexMark | null): string | null {
  if (mark === null) return null;
  const words = statementWords(mark);
  return `**VEX: ${mark.status.replace('_', ' ')}**${words ? ` — ${escapeCell(words, 120)}` : ''}`;
}
