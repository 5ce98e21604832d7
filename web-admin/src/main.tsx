/** Entry of the back office (issue 8): filled in by the back-office work. */
import { createRoot } from 'react-dom/client';

const root = document.getElementById('root');
if (root) createRoot(root).render(<p>Bashiri back office</p>);
