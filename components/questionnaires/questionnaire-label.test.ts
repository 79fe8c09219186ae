import { describe, expect, it } from 'vitest';
import { questionnaireLabel } from './questionnaire-label';

describe('questionnaireLabel', () => {
  it('marks a sandbox once, and a live questionnaire not at all', () => {
    expect(questionnaireLabel('Onboarding', true)).toBe('Onboarding (sandbox)');
    expect(questionnaireLabel('Onboarding (sandbox)', true)).toBe('Onboarding (sandbox)');
    expect(questionnaireLabel('Onboarding (Sandbox)', true)).toBe('Onboarding (Sandbox)');
    expect(questionnaireLabel('Sandbox for Acme', true)).toBe('Sandbox for Acme (sandbox)');
    expect(questionnaireLabel('Onboarding', false)).toBe('Onboarding');
  });
});
