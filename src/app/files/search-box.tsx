import { IconButton, InputAdornment, TextField } from '@mui/material';
import { memo, useEffect, useState } from 'react';
import { SearchIcon } from '../ui/icons';

/** The search field: typing changes nothing until Enter or the search button (spec §2). */
export const SearchBox = memo(function SearchBox({ value, onSearch }: { value: string; onSearch(search: string): void }) {
  const [draft, setDraft] = useState(value);
  // Back/forward or a filter reset changes the applied search: show it.
  useEffect(() => setDraft(value), [value]);
  const apply = () => onSearch(draft.trim());
  return (
    <TextField
      size="small"
      type="search"
      placeholder="Search files"
      value={draft}
      onChange={(e) => setDraft(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') apply();
      }}
      slotProps={{
        htmlInput: { 'aria-label': 'Search files' },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton aria-label="Search" edge="end" size="small" onClick={apply}>
                <SearchIcon />
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
      sx={{ minWidth: { xs: '100%', sm: 260 } }}
    />
  );
});
