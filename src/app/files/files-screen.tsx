import { Typography } from '@mui/material';

/** Props every host of the file list gives it (the panel, or <vp-file-list>). */
export interface FilesScreenProps {
  /** Called when the user asks to edit a file. */
  onOpenFile: (fileId: number) => void;
}

/** Placeholder until the file list lands (issue: the file list). */
export function FilesScreen(_: FilesScreenProps) {
  return (
    <section>
      <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
        File Management
      </Typography>
      <Typography>The file list is coming in the next release.</Typography>
    </section>
  );
}
