// The text of the library's search loop, bundled at build time. The figures
// show lines of this very file (picked by its #region comments), so what the
// page shows cannot drift from what the library runs. Only the page imports
// this module: the unit tests read the file from disk and pass it in.
import source from '#bestfirst/engine-source?raw';

export const BEST_FIRST_SOURCE: string = source;
