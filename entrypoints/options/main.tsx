import { render } from 'preact';
import { OptionsApp } from '@/components/options/options-app';
import '@/components/styles/base.css';

render(<OptionsApp />, document.getElementById('app')!);
