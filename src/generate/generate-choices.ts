/** The generator's choice lists, cheap to load (the CLI's options, the door's checks). */

/** The symmetries `generate` can give its shading: a half turn, a left-right mirror, the main diagonal (square boards). */
export const symmetries = ['rot180', 'mirror', 'diagonal'] as const;
export type Symmetry = (typeof symmetries)[number];
