import { formDefinitionSchema } from '@palco/domain/forms/form-definition'

const both = (es: string, en: string) => ({ es, en })
const option = (value: string, es: string, en = es) => ({ value, label: both(es, en) })

/**
 * What the demo's half marathons ask each runner (issue 17): the name printed on the bib's ticket, the birth
 * date the category's age rule is counted from, contact and emergency details, the shirt, a club only when
 * they run for one, a medical certificate, and the waiver they accept. Checked here as the back office's
 * form would be, so the seed never stores a form the API would refuse.
 */
export const DEMO_INSCRIPTION_FORM = formDefinitionSchema.parse({
  fields: [
    {
      name: 'full_name',
      type: 'TEXT',
      label: both('Nombre completo', 'Full name'),
      required: true,
      minLength: 3,
      maxLength: 120,
    },
    {
      name: 'document_number',
      type: 'TEXT',
      label: both('Número de documento', 'ID number'),
      help: both('Como aparece en su documento de identidad.', 'As on their identity document.'),
      required: true,
      pattern: '[A-Za-z0-9-]{3,20}',
      maxLength: 20,
    },
    {
      name: 'birth_date',
      type: 'DATE',
      label: both('Fecha de nacimiento', 'Date of birth'),
      help: both('La edad se cuenta el día de la carrera.', 'Age is counted on race day.'),
      required: true,
      min: '1920-01-01',
      max: 'now',
    },
    { name: 'email', type: 'EMAIL', label: both('Correo electrónico', 'Email'), required: true },
    { name: 'phone', type: 'PHONE', label: both('Celular', 'Mobile phone'), required: true },
    {
      name: 'gender',
      type: 'RADIO_GROUP',
      label: both('Categoría de género', 'Gender category'),
      required: true,
      options: [
        option('F', 'Femenina', 'Women'),
        option('M', 'Masculina', 'Men'),
        option('X', 'No binaria', 'Non-binary'),
      ],
    },
    {
      name: 'shirt_size',
      type: 'SELECT',
      label: both('Talla de camiseta', 'Shirt size'),
      required: true,
      options: ['XS', 'S', 'M', 'L', 'XL'].map((size) => option(size, size)),
    },
    {
      name: 'blood_type',
      type: 'COMBO_BOX',
      label: both('Tipo de sangre', 'Blood type'),
      required: false,
      options: ['O+', 'O-', 'A+', 'A-', 'B+', 'B-', 'AB+', 'AB-'].map((t) => option(t, t)),
    },
    {
      name: 'runs_for_club',
      type: 'CHECKBOX',
      label: both('Corre por un club', 'Runs for a club'),
      required: false,
    },
    {
      name: 'club_name',
      type: 'TEXT',
      label: both('Nombre del club', 'Club name'),
      required: true,
      maxLength: 80,
      visibleWhen: { field: 'runs_for_club', equals: true },
    },
    {
      name: 'expected_time',
      type: 'TIME',
      label: both('Tiempo estimado de llegada', 'Expected finish time'),
      help: both('Para ubicarle en el corral de salida.', 'To place them in the right start corral.'),
      required: false,
    },
    {
      name: 'emergency_contact',
      type: 'TEXT',
      label: both('Contacto de emergencia', 'Emergency contact'),
      required: true,
      maxLength: 120,
    },
    {
      name: 'emergency_phone',
      type: 'PHONE',
      label: both('Teléfono de emergencia', 'Emergency phone'),
      required: true,
    },
    {
      name: 'medical_certificate',
      type: 'FILE',
      label: both('Certificado médico', 'Medical certificate'),
      help: both('PDF o foto, de hasta 10 MB.', 'A PDF or a photo, up to 10 MB.'),
      required: true,
      accept: ['application/pdf', 'image/jpeg', 'image/png'],
    },
    {
      name: 'strava_profile',
      type: 'URL',
      label: both('Perfil deportivo (opcional)', 'Running profile (optional)'),
      required: false,
    },
    {
      name: 'notes',
      type: 'TEXTAREA',
      label: both('Algo que la organización deba saber', 'Anything the organisers should know'),
      required: false,
      maxLength: 500,
    },
    {
      name: 'waiver',
      type: 'READONLY',
      label: both('Exoneración', 'Waiver'),
      value: both(
        'Declaro estar en condiciones de salud para correr y acepto el reglamento de la carrera.',
        'I declare I am fit to run and accept the race rules.',
      ),
    },
    {
      name: 'accepts_waiver',
      type: 'CHECKBOX',
      label: both('Acepto la exoneración', 'I accept the waiver'),
      required: true,
    },
  ],
})
