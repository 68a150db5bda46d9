import { TrashScreen } from '../files/trash-screen';

/** /trash inside the panel: the account's deleted files (its own chunk, loaded when opened). */
export default function TrashRoute() {
  return <TrashScreen />;
}
