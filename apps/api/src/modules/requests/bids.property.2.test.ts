// Property test of the live auction against the real database (PGlite, or PostgreSQL with
// TEST_DB=postgres), part 2 of 2 of the pass's 100,000 randomized bids: see test/bid-properties.ts.
import { describeBidProperties } from '../../test/bid-properties.ts';

describeBidProperties(2, 2);
