-- Driven by tests/lsp/test_editors.py: Neovim, headless, with the documented init.lua and
-- the record given on its command line.  What it sees goes to the JSON file named by
-- NGN_REPORT; every wait is bounded.
local report = {}
local function done()
  local f = assert(io.open(os.getenv("NGN_REPORT"), "w"))
  f:write(vim.json.encode(report))
  f:close()
  vim.cmd("qall!")
end

local ok, err = pcall(function()
  local buf = vim.api.nvim_get_current_buf()
  report.attached = vim.wait(20000, function()
    return #vim.lsp.get_clients({ bufnr = buf }) > 0
  end, 50)
  report.diagnosed = vim.wait(20000, function() return #vim.diagnostic.get(buf) > 0 end, 50)
  report.diagnostics = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    table.insert(report.diagnostics, { line = d.lnum, code = d.code, message = d.message })
  end
  report.formatexpr = vim.bo[buf].formatexpr

  -- hover on the first turn line
  local client = vim.lsp.get_clients({ bufnr = buf })[1]
  local lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
  local function find(pattern)
    for i, l in ipairs(lines) do
      if l:find(pattern) then return i end
    end
  end
  local turn = find("^  Anna:")
  local params = { textDocument = { uri = vim.uri_from_bufnr(buf) },
                   position = { line = turn - 1, character = 3 } }
  local hover = client:request_sync("textDocument/hover", params, 10000, buf)
  report.hover = hover and hover.result and hover.result.contents.value or vim.NIL

  -- the quick fixes at the first diagnostic
  local first = vim.diagnostic.get(buf)[1]
  local actions = client:request_sync("textDocument/codeAction", {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    range = { start = { line = first.lnum, character = first.col },
              ["end"] = { line = first.end_lnum, character = first.end_col } },
    context = { diagnostics = vim.lsp.diagnostic.from(vim.diagnostic.get(buf)) },
  }, 10000, buf)
  report.actions = {}
  for _, a in ipairs(actions and actions.result or {}) do table.insert(report.actions, a.title) end

  -- gd on the later use of Ben's ship `A` goes to Ben's `>new A`, not Anna's
  local use = find("^  Ben: .*>A")
  local at = lines[use]:find(">A", 1, true)   -- 1-based `>`: 0-based it is the `A`
  vim.api.nvim_win_set_cursor(0, { use, at })
  vim.cmd("normal gd")
  vim.wait(10000, function() return vim.api.nvim_win_get_cursor(0)[1] ~= use end, 50)
  report.definition = vim.api.nvim_win_get_cursor(0)

  -- gq over the messy lines
  local messy = find("^1%.")
  vim.api.nvim_win_set_cursor(0, { messy, 0 })
  vim.cmd("normal gq2j")
  vim.wait(5000, function()
    return vim.api.nvim_buf_get_lines(buf, messy - 1, messy, false)[1] ~= lines[messy]
  end, 50)
  report.after_gq = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
end)
if not ok then report.error = tostring(err) end
done()
