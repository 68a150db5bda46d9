import { Box, List, ListItem, ListItemText, Typography } from '@mui/material';
import { clockTime } from '../../../subtitle-text/clock-time';

/** Chapters as a list: the time each starts at (seconds), and its title; `heading` shows the label above it. */
export function ChapterList({
  label,
  chapters,
  heading,
}: {
  label: string;
  chapters: readonly { start: number; title: string }[];
  heading?: boolean;
}) {
  return (
    <Box>
      {heading ? (
        <Typography variant="subtitle2" component="h3">
          {label}
        </Typography>
      ) : null}
      <List dense disablePadding aria-label={label}>
        {chapters.map((c) => (
          <ListItem key={c.start} disableGutters>
            <ListItemText
              primary={
                <>
                  <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums', color: 'text.secondary', mr: 1.5 }}>
                    {clockTime(c.start)}
                  </Box>
                  {c.title}
                </>
              }
            />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
