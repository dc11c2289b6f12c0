// The API's browsable docs (templates/api/docs.html, /api/docs): Swagger UI, from the files
// django-ninja ships, over the schema the page names in data-schema. Started from this file,
// not an inline script (the Content-Security-Policy allows only the site's own script files);
// no validator badge (it would load an image from another host).
const docs = document.getElementById("swagger-ui");
window.ui = SwaggerUIBundle({
  url: docs.dataset.schema,
  dom_id: "#swagger-ui",
  layout: "BaseLayout",
  deepLinking: true,
  validatorUrl: null,
  defaultModelsExpandDepth: 0,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIBundle.SwaggerUIStandalonePreset],
});
