/**
 * Types for the Fluent web components of the pane (a global declaration file, hence no imports).
 *
 * The tag names map to the element classes, so `document.createElement('fluent-button')` and
 * view.ts's `el` and `byId` return typed elements. Type-only: the modules that use them stay loadable
 * in Node tests, which never register a component.
 */
type FluentComponents = typeof import('@fluentui/web-components');

interface HTMLElementTagNameMap {
  'fluent-badge': InstanceType<FluentComponents['Badge']>;
  'fluent-button': InstanceType<FluentComponents['Button']>;
  'fluent-checkbox': InstanceType<FluentComponents['Checkbox']>;
  'fluent-field': InstanceType<FluentComponents['Field']>;
  'fluent-message-bar': InstanceType<FluentComponents['MessageBar']>;
  'fluent-progress-bar': InstanceType<FluentComponents['ProgressBar']>;
  'fluent-spinner': InstanceType<FluentComponents['Spinner']>;
  'fluent-switch': InstanceType<FluentComponents['Switch']>;
  /**
   * Its value is undefined until someone types in it or the page sets it, though the class says string:
   * typed as it is, so that no field is read as text without ui/view.ts's `fieldText`.
   */
  'fluent-text-input': Omit<InstanceType<FluentComponents['TextInput']>, 'value'> & { value: string | undefined };
}
