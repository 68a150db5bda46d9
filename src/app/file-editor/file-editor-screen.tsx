import { Typography } from '@mui/material';

/** Props every host of the editor gives it (the panel, or <vp-file-editor>). */
export interface FileEditorScreenProps {
  fileId: number;
  /** 'Back to Files' was chosen. */
  onBack: () => void;
  /** The file could not be loaded (panel: back to the list; standalone: error state with retry). */
  onLoadFailed?: () => void;
}

/** Placeholder until the file editor lands (issue: the file editor). */
export function FileEditorScreen({ fileId }: FileEditorScreenProps) {
  return (
    <section>
      <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
        Update File
      </Typography>
      <Typography>Editing file {fileId} is coming in the next release.</Typography>
    </section>
  );
}
