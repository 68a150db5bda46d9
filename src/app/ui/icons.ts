/**
 * Every MUI icon the kit uses, imported one by one (the barrel would pull ~2,000 icons into the
 * dev server's pre-bundle). vite.config.ts reads this file to pre-bundle exactly these: import
 * icons from here, never from '@mui/icons-material' directly.
 */
export { default as AddIcon } from '@mui/icons-material/Add';
export { default as ArrowBackIcon } from '@mui/icons-material/ArrowBack';
export { default as ArrowForwardIcon } from '@mui/icons-material/ArrowForward';
export { default as CallMergeIcon } from '@mui/icons-material/CallMerge';
export { default as CallSplitIcon } from '@mui/icons-material/CallSplit';
export { default as CloseIcon } from '@mui/icons-material/Close';
export { default as CloudUploadIcon } from '@mui/icons-material/CloudUpload';
export { default as ContentCopyIcon } from '@mui/icons-material/ContentCopy';
export { default as DarkModeIcon } from '@mui/icons-material/DarkMode';
export { default as DeleteForeverIcon } from '@mui/icons-material/DeleteForever';
export { default as DeleteIcon } from '@mui/icons-material/Delete';
export { default as DownloadIcon } from '@mui/icons-material/Download';
export { default as EditIcon } from '@mui/icons-material/Edit';
export { default as ErrorOutlineIcon } from '@mui/icons-material/ErrorOutlineOutlined';
export { default as HistoryIcon } from '@mui/icons-material/History';
export { default as ImageIcon } from '@mui/icons-material/Image';
export { default as KeyIcon } from '@mui/icons-material/Key';
export { default as KeyboardIcon } from '@mui/icons-material/Keyboard';
export { default as LightModeIcon } from '@mui/icons-material/LightMode';
export { default as LogoutIcon } from '@mui/icons-material/Logout';
export { default as MenuIcon } from '@mui/icons-material/Menu';
export { default as PauseIcon } from '@mui/icons-material/Pause';
export { default as PersonIcon } from '@mui/icons-material/Person';
export { default as PlayArrowIcon } from '@mui/icons-material/PlayArrow';
export { default as PlayCircleIcon } from '@mui/icons-material/PlayCircle';
export { default as RedoIcon } from '@mui/icons-material/Redo';
export { default as RefreshIcon } from '@mui/icons-material/Refresh';
export { default as ReplayIcon } from '@mui/icons-material/Replay';
export { default as RestoreFromTrashIcon } from '@mui/icons-material/RestoreFromTrash';
export { default as RestoreIcon } from '@mui/icons-material/Restore';
export { default as SearchIcon } from '@mui/icons-material/Search';
export { default as SettingsIcon } from '@mui/icons-material/Settings';
export { default as SubtitlesIcon } from '@mui/icons-material/Subtitles';
export { default as TimerIcon } from '@mui/icons-material/Timer';
export { default as UndoIcon } from '@mui/icons-material/Undo';
export { default as VideoLibraryIcon } from '@mui/icons-material/VideoLibrary';
export { default as WarningIcon } from '@mui/icons-material/Warning';
export { default as WebhookIcon } from '@mui/icons-material/Webhook';
