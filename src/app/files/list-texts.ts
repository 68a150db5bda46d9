/** The list's texts, shared by the desktop grid and the phone cards. */
export const EMPTY_TEXT = 'No files to display.';
export const LOADING_TEXT = 'Loading...';
export const ROWS_PER_PAGE = 'Rows per page:';
export const displayedRows = ({ from, to, count }: { from: number; to: number; count: number }) => `${from}-${to} of ${count}`;

/** The list toolbar's button and the title of its dialog. */
export const ADD_VIDEO = 'Add video';
