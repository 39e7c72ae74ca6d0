import english from '../../locales/en-IN/gate.json';
import { addEnglish, useFieldText } from '../../lib/i18n.ts';

/**
 * The guard's screens in English or Hindi (issue 35, decisions 0299 and 0301): the board, its cards,
 * counts and filters, and the move dialogs take their words from the `gate` catalogue. English is
 * bundled with the board; Hindi is fetched when chosen.
 */
addEnglish('gate', english);

export const useGateText = () => useFieldText('gate');
export type GateWords = ReturnType<typeof useGateText>['t'];
