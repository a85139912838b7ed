/** Care's pieces for the pages that mount them: the record page (CareSection) and the Today page (DueList). */
export { CareSection } from './CareSection';
export { DueList } from './DueList';
