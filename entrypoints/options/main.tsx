import { render } from 'preact';
import { OptionsApp } from '@/components/options/options-app';
import { startReportReadsEarly } from '@/components/my-reports/use-reports';
import { beforeFirstRender } from '@/components/ui/early-read';
import '@/components/styles/base.css';
import { followTheme } from '@/utils/settings/theme';
import { declarePageLanguage } from '@/utils/i18n/locale';

const reads = beforeFirstRender(startReportReadsEarly());
declarePageLanguage();
followTheme();
await reads;
render(<OptionsApp />, document.getElementById('app')!);
