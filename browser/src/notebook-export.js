// "Download my notebook": the page's cells as the reader has them, with the outputs
// their runs printed, as a Jupyter notebook (nbformat 4.5), made in the browser.

function lines(text) {
  return text.split(/(?<=\n)/).filter((line) => line !== "");
}

function outputsOf(cell) {
  if (cell.runState === "not-run") return [];
  const outputs = [];
  const printed = cell.output.shownText;
  if (printed) outputs.push({ output_type: "stream", name: "stdout", text: lines(printed) });
  const error = cell.lastError;
  if (error) {
    const [ename, ...rest] = (error.last || error.type).trim().split(": ");
    outputs.push({ output_type: "error", ename, evalue: rest.join(": "), traceback: lines(error.traceback || "") });
  }
  return outputs;
}

export function notebookOf(visit, title, pageUrl) {
  const intro = `# ${title}\n\nThe cells of [this page](${pageUrl}), as I had them, with what they printed ` +
    "(downloaded from the book; the page's own output came from torch 2.13).";
  const cells = [{ cell_type: "markdown", id: "intro", metadata: {}, source: lines(intro) }];
  for (const cell of visit.cells) {
    cells.push({
      cell_type: "code",
      id: `cell-${cell.data.label}`,
      execution_count: null,
      metadata: { edited: cell.element.dataset.edited === "true" },
      outputs: outputsOf(cell),
      source: lines(cell.editor.code),
    });
  }
  return {
    cells,
    metadata: {
      kernelspec: { display_name: "Python 3", language: "python", name: "python3" },
      language_info: { name: "python" },
      title,
    },
    nbformat: 4,
    nbformat_minor: 5,
  };
}

export function download(fileName, text, type = "application/x-ipynb+json") {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = Object.assign(document.createElement("a"), { href: url, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
