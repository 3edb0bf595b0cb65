/**
 * The create screen: the videos feature's form, with the batches feature's "rows from a sheet" panel in its place
 * when the user picks a batch. Put together here because app features never import each other.
 */
import { SheetBatch } from './features/batches/SheetBatch';
import AgentCreate from './features/videos/AgentCreate';

export default function CreateScreen() {
  return <AgentCreate sheetPanel={(settings) => <SheetBatch settings={settings} />} />;
}
