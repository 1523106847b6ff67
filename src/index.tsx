import { bootstrap } from './app/bootstrap';

void bootstrap(document.getElementById('root')!);
