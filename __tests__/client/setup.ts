import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// Route pages are lazy chunks; with two jest workers on two cores their first render can take over the default 1 s.
configure({ asyncUtilTimeout: 5000 });
