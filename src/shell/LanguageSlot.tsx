import { LanguageSelector } from '../i18n/LanguageSelector';
import styles from './Sidebar.module.css';

/** Where the sidebar shows the language selector (from the i18n module; it hides itself for a single language). */
export function LanguageSlot() {
  return (
    <div data-slot="language-selector" className={styles.language}>
      <LanguageSelector minimal fill />
    </div>
  );
}
