import { z } from 'zod';
import { AcaoSchema } from './entities';

/** GET acoes/: the stock universe, by ticker. */
export const AcaoListSchema = z.array(AcaoSchema);
